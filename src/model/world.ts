/**
 * The world of the worked example (rules page #rule-world): the report in
 * its two versions, and the SHA-256 identities everything else is keyed by.
 *
 * Versions v1 and v2 differ only in section s2 (revenue 4.1 → 4.7 million).
 * Every identifier a reader sees is a real SHA-256 over UTF-8 text, shown as
 * its first 8 hex digits. Hashing is memoised: the 864-run sweep computes the
 * same few dozen hashes thousands of times.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const WORK_ID = 'digest/q3-report';

export type StepName = 's1' | 's2' | 's3' | 's4';
export const STEPS: readonly StepName[] = ['s1', 's2', 's3', 's4'];

export type VersionName = 'v1' | 'v2';

export const SECTION_TITLES: Record<StepName, string> = {
  s1: 'Overview',
  s2: 'Revenue',
  s3: 'Costs',
  s4: 'Outlook',
};

/** The revenue figure each version reports; a digest quotes the one its s2 part was read from. */
export const REVENUE: Record<VersionName, string> = { v1: '4.1 million', v2: '4.7 million' };

const common = {
  s1:
    'Overview. The third quarter closed with the new regional office fully staffed and both ' +
    'product lines shipping on schedule. This report covers July to September.',
  s3:
    'Costs. Operating costs held at 3.2 million. Hiring for the regional office accounted for ' +
    'most of the increase over the second quarter; cloud spending fell after the storage migration.',
  s4:
    'Outlook. The fourth quarter plan assumes flat costs and one product release in November. ' +
    'The main risk is the delayed supplier contract, which is being renegotiated.',
};

function revenueText(v: VersionName): string {
  return (
    `Revenue. Revenue for the quarter was ${REVENUE[v]}, driven by renewals in the ` +
    'enterprise tier. Two large invoices were settled within the quarter.'
  );
}

/** The four section texts of each version, in step order. */
export const SECTION_TEXT: Record<VersionName, Record<StepName, string>> = {
  v1: { s1: common.s1, s2: revenueText('v1'), s3: common.s3, s4: common.s4 },
  v2: { s1: common.s1, s2: revenueText('v2'), s3: common.s3, s4: common.s4 },
};

const memo = new Map<string, string>();

/** Full SHA-256 hex of a UTF-8 string. */
export function sha256Hex(text: string): string {
  let h = memo.get(text);
  if (h === undefined) {
    h = bytesToHex(sha256(utf8ToBytes(text)));
    memo.set(text, h);
  }
  return h;
}

/** The 8-hex-digit form every page shows. */
export function short(hash: string): string {
  return hash.slice(0, 8);
}

const SECTION_HASH: Record<VersionName, Record<StepName, string>> = {
  v1: {
    s1: sha256Hex(SECTION_TEXT.v1.s1),
    s2: sha256Hex(SECTION_TEXT.v1.s2),
    s3: sha256Hex(SECTION_TEXT.v1.s3),
    s4: sha256Hex(SECTION_TEXT.v1.s4),
  },
  v2: {
    s1: sha256Hex(SECTION_TEXT.v2.s1),
    s2: sha256Hex(SECTION_TEXT.v2.s2),
    s3: sha256Hex(SECTION_TEXT.v2.s3),
    s4: sha256Hex(SECTION_TEXT.v2.s4),
  },
};

/** Section hash: SHA-256 of the section text. */
export function sectionHash(v: VersionName, step: StepName): string {
  return SECTION_HASH[v][step];
}

const VERSION_HASH: Record<VersionName, string> = {
  v1: sha256Hex(STEPS.map((s) => SECTION_HASH.v1[s]).join('\n')),
  v2: sha256Hex(STEPS.map((s) => SECTION_HASH.v2[s]).join('\n')),
};

/** Version hash: SHA-256 of the four section hashes in order, one per line. */
export function versionHash(v: VersionName): string {
  return VERSION_HASH[v];
}

/**
 * Step result id: SHA-256 over (step name, section hash read, attempt number).
 * The attempt number is the model's stipulation that a recomputed step is a
 * new result; a restored step keeps the id it was stored with.
 */
export function resultId(step: StepName, readHash: string, attempt: number): string {
  // Memoised by its parts, so a repeated id costs two map lookups and no string building.
  let byStep = RESULT_MEMO.get(readHash);
  if (byStep === undefined) RESULT_MEMO.set(readHash, (byStep = new Map()));
  let byAttempt = byStep.get(step);
  if (byAttempt === undefined) byStep.set(step, (byAttempt = []));
  return (byAttempt[attempt] ??= sha256Hex(`${step}\n${readHash}\n#${attempt}`));
}

const RESULT_MEMO = new Map<string, Map<StepName, string[]>>();

/** Digest id: SHA-256 over the four part result ids in step order. */
export function digestId(partIds: readonly string[]): string {
  // Memoised by the ids themselves (a trie over the four), not by their joined text.
  let node: DigestTrie = DIGEST_MEMO;
  for (const id of partIds) {
    let next = node.next.get(id);
    if (next === undefined) node.next.set(id, (next = { next: new Map(), digest: null }));
    node = next;
  }
  return (node.digest ??= sha256Hex(partIds.join('\n')));
}

interface DigestTrie {
  next: Map<string, DigestTrie>;
  digest: string | null;
}
const DIGEST_MEMO: DigestTrie = { next: new Map(), digest: null };

/** Which version a section hash belongs to (s1, s3, s4 hash the same in both). */
export function versionsWithSection(step: StepName, hash: string): VersionName[] {
  return (['v1', 'v2'] as const).filter((v) => sectionHash(v, step) === hash);
}
