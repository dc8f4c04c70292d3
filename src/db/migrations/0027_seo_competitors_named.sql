-- Which of the project's competitors a ranking thread names, for the dashboard's SEO table (the public
-- SeoOpportunity keeps only competitorPresent). Rows written before this read as named by no one until the next
-- refresh.
ALTER TABLE seo_opportunities ADD COLUMN competitors_named text[] NOT NULL DEFAULT '{}';
