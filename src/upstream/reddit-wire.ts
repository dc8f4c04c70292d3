import { isRecord } from './http.ts';
import type { Thing } from './normalize.ts';
import { UpstreamError } from './source.ts';

/** Parsers of the Reddit Data API's wire format: Listings, [post, comments] threads, morechildren answers. */

export interface More {
  parentId: string;
  children: string[];
}

export function validateFullname(api: string, cursor: string): void {
  if (!/^t[13]_[a-z0-9]{1,12}$/.test(cursor)) throw new UpstreamError(api, `invalid cursor "${cursor}"`);
}

export function toThing(child: unknown): Thing | null {
  if (!isRecord(child) || !isRecord(child.data) || typeof child.kind !== 'string') return null;
  const data = child.data;
  const id = typeof data.id === 'string' ? data.id : '';
  return {
    kind: child.kind,
    id,
    name: typeof data.name === 'string' ? data.name : `${child.kind}_${id}`,
    data,
  };
}

export function listingChildren(api: string, body: unknown): Thing[] {
  if (
    !isRecord(body) ||
    body.kind !== 'Listing' ||
    !isRecord(body.data) ||
    !Array.isArray(body.data.children)
  ) {
    throw new UpstreamError(api, 'unexpected response: not a Listing');
  }
  return body.data.children.map(toThing).filter((t): t is Thing => t !== null && t.id !== '');
}

export function parseTree(
  api: string,
  body: unknown,
): { post: Thing & { title: string }; comments: unknown[] } {
  if (!Array.isArray(body) || body.length < 2) {
    throw new UpstreamError(api, 'unexpected response: not a [post, comments] pair');
  }
  const [postListing, commentListing] = body;
  const post = listingChildren(api, postListing)[0];
  if (!post) throw new UpstreamError(api, 'unexpected response: no post in the thread');
  if (
    !isRecord(commentListing) ||
    !isRecord(commentListing.data) ||
    !Array.isArray(commentListing.data.children)
  ) {
    throw new UpstreamError(api, 'unexpected response: comments are not a Listing');
  }
  return { post: { ...post, title: String(post.data.title ?? '') }, comments: commentListing.data.children };
}

export function parseMoreChildren(body: unknown): unknown[] {
  const api = 'reddit.morechildren';
  if (!isRecord(body) || !isRecord(body.json))
    throw new UpstreamError(api, 'unexpected response: no json envelope');
  const errors = body.json.errors;
  if (Array.isArray(errors) && errors.length > 0)
    throw new UpstreamError(api, `Reddit said ${JSON.stringify(errors)}`);
  const things = isRecord(body.json.data) ? body.json.data.things : undefined;
  if (!Array.isArray(things)) throw new UpstreamError(api, 'unexpected response: no things');
  return things;
}

/** Flattens comments (and their replies) into byId and queues every more stub. */
export function collect(children: unknown[], byId: Map<string, Thing>, stubs: More[]): void {
  for (const child of children) {
    const thing = toThing(child);
    if (!thing) continue;
    if (thing.kind === 'more') {
      const kids = Array.isArray(thing.data.children) ? thing.data.children.map(String) : [];
      stubs.push({ parentId: String(thing.data.parent_id ?? ''), children: kids });
      continue;
    }
    if (thing.kind !== 't1' || !thing.id) continue;
    if (!byId.has(thing.id)) byId.set(thing.id, thing);
    const replies = thing.data.replies;
    if (isRecord(replies) && isRecord(replies.data) && Array.isArray(replies.data.children)) {
      collect(replies.data.children, byId, stubs);
    }
  }
}
