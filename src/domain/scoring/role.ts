import { escapeRegex, normalizeText } from './text.ts';

/**
 * Which side of the product the author is on, read from who they say they are. A post can use all of a
 * profile's words and still be written by someone who would never buy it: a technical expert when the product
 * is for people without technical staff, a tenant when it is for landlords, a designer when it sells design.
 * Each field is a list of phrase patterns for the profile's phrase index (empty when the rule does not apply).
 */
export interface RolePatterns {
  /** The profile's buyers are described as non-technical: IT jargon marks an author who is not one of them. */
  jargon: string[];
  /** The person nouns of the target users ("landlords?"): who they are is read from the words before them. */
  targets: string[];
  /**
   * Person nouns the keywords or solution name besides the target users ("designers?" for a design studio
   * selling to founders, "tenants?" for landlord software), and "clients?", when there are any.
   */
  others: string[];
}

/** The profile says its buyers lack technical skills or staff ("without IT staff", "non-technical"). */
const NON_TECHNICAL =
  /(?<![a-z])(?:(?:without|no|lacks?|lacking)\s+(?:an?\s+|any\s+|in-house\s+|dedicated\s+)?(?:it|tech|technical|coding|programming|developers?|engineers?|admins?|sysadmins?)(?![a-z])|non-?\s?technical|not technical|nobody can configure|no one can configure|non-?\s?techy?)/;

/**
 * The working vocabulary of IT people (network, systems, certification, lab): words a household or an office
 * without IT staff does not use, and the makers of gear sold to IT departments. A term that is one of the profile's
 * keywords or competitors is left out. Words with an everyday sense are read only in their IT phrase
 * ("switching and routing", not "switching from"; "radius server", not "delivery radius").
 */
const IT_JARGON = [
  'vlans?',
  'subnets?',
  'subnet masks?',
  'dhcp',
  'nat',
  'dns',
  'ospf',
  'bgp',
  'mpls',
  'eigrp',
  'stp',
  'cdp',
  'lldp',
  'snmp',
  'ssh',
  'telnet',
  'cli',
  'ccna',
  'ccnp',
  'ccie',
  'comptia',
  'pfsense',
  'opnsense',
  'dd-?wrt',
  'openwrt',
  'iptables',
  'trunk(?:ing|ed|s)?',
  'managed switch(?:es)?',
  'layer [23]',
  'home ?labs?',
  'my lab',
  'racks?',
  'esxi?',
  'hypervisors?',
  'proxmox',
  'vmware',
  'data ?cent(?:er|re)s?',
  'enterprise[- ](?:grade|class|gear|hardware|network(?:ing)?|switch(?:es)?)',
  'voip',
  'ip phones?',
  'radius (?:servers?|auth(?:entication)?)',
  'freeradius',
  '802\\.1[xq]',
  'qos',
  'ssids?',
  'vpn',
  'firewalls?',
  'port forwarding',
  'static ip',
  'wan',
  'lan',
  'nas',
  'linux',
  'servers?',
  'routing',
  'switching (?:and|&) routing',
  'sysadmins?',
  'network (?:engineer|admin|administrator)s?',
  'docker',
  'kubernetes',
  'rest api',
  'api (?:calls?|keys?|endpoints?|requests?)',
  'json',
  'regex',
  'git',
  'sql',
  'command line',
  'powershell',
  // Gear sold to IT departments rather than to households.
  'cisco',
  'juniper',
  'mikrotik',
  'fortinet',
  'fortigate',
  'meraki',
];
/** An IPv4 address or a subnet written with x ("192.168.1.x"). */
const IP_ADDRESS = '\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.(?:\\d{1,3}|x)';

/** How many points of jargon make an author technical (two ordinary terms are not: "WAN and LAN ports"). */
export const JARGON_TERMS = 3;
/**
 * Terms only the trade uses (routing protocols, certifications, firewall distributions, enterprise gear) count
 * twice: "BGP on a Cisco 3845" is an engineer; "WAN and LAN ports" a household reading its router's back.
 */
export const STRONG_JARGON =
  /^(?:bgp|ospf|eigrp|mpls|stp|cdp|lldp|snmp|ccna|ccnp|ccie|comptia|pfsense|opnsense|dd-?wrt|openwrt|iptables|vlans?|subnets?|subnet masks?|esxi?|hypervisors?|proxmox|vmware|cisco|juniper|mikrotik|fortinet|fortigate|meraki|802\.1[xq]|radius .*|freeradius|trunk.*|managed switch.*|layer [23])$/;
/** The jargon points of the terms found, each term once whatever its number ("vlan" and "vlans" are one). */
export const jargonPoints = (terms: readonly string[]) =>
  [...new Set(terms.map((t) => t.toLowerCase().replace(/(?<=[a-z]{3})e?s$/, '')))].reduce(
    (n, t) => n + (STRONG_JARGON.test(t) ? 2 : 1),
    0,
  );

export function compileRole(fields: {
  pain: string | null;
  solution: string | null;
  targetUsers: string | null;
  keywords: readonly string[];
  competitors: readonly string[];
}): RolePatterns {
  const about = normalizeText(`${fields.targetUsers ?? ''}. ${fields.pain ?? ''}. ${fields.solution ?? ''}`);
  let jargon: string[] = [];
  if (NON_TECHNICAL.test(about)) {
    // The profile's own words are its buyers' words, whatever this list says.
    const own = [...fields.keywords, ...fields.competitors].map((k) => normalizeText(k).trim());
    jargon = [...IT_JARGON.filter((t) => !own.some((k) => new RegExp(`^(?:${t})$`).test(k))), IP_ADDRESS];
  }
  // The buyers are who the target users name, and who the pain opens with ("Small landlords burn out on …").
  const targets = [
    ...new Set([...roleNouns(fields.targetUsers ?? ''), ...roleNouns(painSubject(fields.pain ?? ''))]),
  ];
  const others = roleNouns(`${fields.keywords.join(', ')}, ${fields.solution ?? ''}`).filter(
    (n) => !targets.includes(n),
  );
  const alt = (nouns: string[]) => [`(?:${nouns.map((n) => `${escapeRegex(n)}s?`).join('|')})`];
  // Working for or running an agency makes the author a provider, unless the profile sells to agencies too.
  // Read in who the buyers are, not in what the profile calls itself ("a small studio that …").
  const agency = SERVES_PROVIDERS.test(normalizeText(`${fields.targetUsers ?? ''}. ${fields.pain ?? ''}`))
    ? []
    : [AGENCY_SELF];
  return {
    jargon,
    targets: targets.length ? alt(targets) : [],
    others: [...(others.length ? alt([...others, 'client']) : []), ...agency],
  };
}

/** The first four words of the pain, where its subject stands: "Small landlords burn out on …". */
function painSubject(pain: string): string {
  return normalizeText(pain).split(/\s+/).slice(0, 4).join(' ');
}

/** A profile that speaks of agencies, consultants, freelancers, studios or clients (it may sell to them). */
const SERVES_PROVIDERS =
  /(?<![a-z])(?:clients?|agenc(?:y|ies)|freelanc[a-z]*|consultan[a-z]*|contractors?|studios?)(?![a-z])/;
/** The author works for or runs an agency: "I work for a marketing agency", "we run a small SEO agency". */
const AGENCY_SELF =
  "(?:i work (?:for|at|in) (?:an?|the) (?:[a-z-]+ ){0,2}agency|(?:i|we) (?:run|own|started) (?:an?|my|our) (?:[a-z-]+ ){0,2}agency|(?:my|our) (?:[a-z-]+ )?agency's clients)";

/** Before a role noun: "I'm a", "I am an", "as a", "I work as a", with up to two words between ("as a freelance web "). */
const SELF = /(?:^|[^a-z])(?:(?:i'?m|i am|we are|we're) (?:an? )?|(?:as|i work as) an? )(?:[a-z-]+ ){0,2}$/;
/**
 * Before a role noun: "my", "our new" (not "my fellow"), or a complaint ("nightmare landlord"): the person is
 * someone the author deals with.
 */
const MY =
  /(?:^|[^a-z])(?:(?:my|our) (?!fellow )(?:[a-z-]+ )?|(?:nightmare|terrible|horrible|awful|shady|crazy|bad|scummy|slumlord|deadbeat|negligent|abusive) )$/;
/** Around "client": the author has clients ("my client", "a client of mine", "for a client"). */
const FOR_CLIENT = /(?:^|[^a-z])(?:my|our|for an?) $/;

/**
 * Roles a person has towards another person, named in a profile field: agent nouns ("landlords", "designers",
 * "consultants", "sysadmins"), singular. Left out: nouns for the people one is in charge of or serves ("my
 * staff", "my students", "my clients" are said by their boss, teacher or provider, who may well be the buyer),
 * and "owner" and "manager" ("my manager" is said by the people an IT manager works with).
 */
export function roleNouns(text: string): string[] {
  const out: string[] = [];
  for (const w of normalizeText(text).match(/[a-z]+/g) ?? []) {
    const n = w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
    if (n.length < 5 || NOT_ROLES.has(n) || !/(?:er|or|ist|ant|lord|ian|admin)$/.test(n)) continue;
    if (!out.includes(n)) out.push(n);
  }
  return out;
}
const NOT_ROLES = new Set(
  `student staff employee worker member user customer client owner manager partner member folder computer
router server monitor planner reminder corner number paper matter order other after under over together
never ever either neither rather whether water power later major minor error sector factor color colour
editor calendar dollar solar regular popular particular similar center centre corner filter folder letter
register better cover counter printer scanner player driver browser container adapter controller layer
quarter winter summer remainder reader header footer border tracker charger speaker sticker marker tower
deliver offer answer consider gather enter discover remember wonder suffer cater`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Who the author is, from the role nouns found in their own words and the text before each: "my landlord" is
 * the target users' counterparty, "as a designer" or "my client" another role; "as a landlord" says they are one
 * of the target users, and then nothing else counts. Null when nothing says so.
 */
export function authorRole(
  text: string,
  targets: readonly { start: number; text: string }[],
  others: readonly { start: number; text: string }[],
): { role: 'counterparty' | 'other'; said: string } | null {
  let counterparty: string | null = null;
  // A title that opens with the author's label: "Amateur graphic designer, what …", "New landlord here: …".
  // ("Nightmare landlord, …" is a complaint about one, read below.)
  const labels = (h: { start: number; text: string }) =>
    LABEL_BEFORE.test(text.slice(0, h.start)) &&
    !MY.test(text.slice(0, h.start)) &&
    LABEL_AFTER.test(text.slice(h.start + h.text.length, h.start + h.text.length + 8));
  for (const h of targets) {
    const before = text.slice(Math.max(0, h.start - 30), h.start);
    if (SELF.test(before) || labels(h)) return null;
    if (!counterparty && MY.test(before)) counterparty = said(before, h.text, MY);
  }
  for (const h of others) {
    if (/agency/.test(h.text)) return { role: 'other', said: h.text };
    const before = text.slice(Math.max(0, h.start - 30), h.start);
    if (SELF.test(before)) return { role: 'other', said: said(before, h.text, SELF) };
    if (labels(h)) return { role: 'other', said: `${text.slice(0, h.start)}${h.text}`.trim() };
    if (h.text.startsWith('client')) {
      if (FOR_CLIENT.test(before)) return { role: 'other', said: said(before, h.text, FOR_CLIENT) };
      if (text.startsWith(' of mine', h.start + h.text.length) && /(?:^|[^a-z])a $/.test(before))
        return { role: 'other', said: `a ${h.text} of mine` };
    }
  }
  return counterparty ? { role: 'counterparty', said: counterparty } : null;
}

/** At most two words before the role noun at the very start of the text (the title). */
const LABEL_BEFORE = /^(?:[a-z-]+ ){0,2}$/;
/** Right after it: the label ends ("designer, …", "landlord here: …", "designer - …"). */
const LABEL_AFTER = /^(?: here)?\s*[,:;!–-]/;

/** The words that say it: "my landlord", "i'm a graphic designer". */
function said(before: string, noun: string, re: RegExp): string {
  const m = re.exec(before);
  return `${(m ? m[0] : '').replace(/^[^a-z]/, '')}${noun}`.trim();
}
