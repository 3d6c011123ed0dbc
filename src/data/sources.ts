/**
 * Bibliography for the article and the technical companion.
 *
 * One entry per reference of the shared bibliography (n = 1..27, the order of
 * the project's reading list). Each page numbers its footnotes itself, by first citation;
 * `n` is the bibliography's number, not any page's. Every entry was checked against stored public copies (search corpora
 * docs / pages / code); `confirmed: false` or a `note` marks what could not be
 * checked or what differs from the reading list it was drawn from.
 *
 * Documentation pages were read in October 2026 (`accessed: '2026-10'`); for
 * those, `year` is the year the page was read, not a publication year.
 */

import { formatMonth, listAnd } from '../lib/format.ts';

export interface Source {
  id: string;
  /** The shared bibliography's number, 1..27 (pages number their footnotes by first citation). */
  n: number;
  /** People, or an organisation, e.g. ['Temporal Technologies']. */
  authors: string[];
  title: string;
  /** Journal, proceedings, site or book. */
  container?: string;
  publisher?: string;
  year: number;
  month?: string;
  volume?: string;
  issue?: string;
  pages?: string;
  doi?: string;
  url?: string;
  /** For documentation pages: year-month read, e.g. '2026-10'. */
  accessed?: string;
  kind: 'article' | 'inproceedings' | 'book' | 'web';
  /** One short line, in our own words, on what the text relies on it for. */
  usedFor: string;
  confirmed: boolean;
  note?: string;
}

const DOCS_READ = '2026-10';

export const sources: Source[] = [
  {
    id: 'aries',
    n: 1,
    authors: ['C. Mohan', 'D. Haderle', 'B. Lindsay', 'H. Pirahesh', 'P. Schwarz'],
    title:
      'ARIES: A Transaction Recovery Method Supporting Fine-Granularity Locking and Partial Rollbacks Using Write-Ahead Logging',
    container: 'ACM Transactions on Database Systems',
    publisher: 'ACM',
    year: 1992,
    month: 'March',
    volume: '17',
    issue: '1',
    pages: '94–162',
    doi: '10.1145/128765.128770',
    url: 'https://doi.org/10.1145/128765.128770',
    kind: 'article',
    usedFor:
      'Write-ahead rule, and restart as analysis, redo that repeats history, then undo, with page LSNs deciding whether redo applies.',
    confirmed: true,
  },
  {
    id: 'bernstein-1987',
    n: 2,
    authors: ['P. A. Bernstein', 'V. Hadzilacos', 'N. Goodman'],
    title: 'Concurrency Control and Recovery in Database Systems',
    publisher: 'Addison-Wesley',
    year: 1987,
    kind: 'book',
    usedFor:
      'The uncertainty period of a commit participant, the impossibility of guaranteed independent recovery, and irrevocable commit decisions.',
    confirmed: true,
    note: 'Authors, title, publisher and year confirmed (dblp; the authors’ free electronic release of the 1987 edition). No canonical URL was seen in search results, so none is given; chapter/page numbers for the cited results were not checked.',
  },
  {
    id: 'gray-cheriton-leases',
    n: 3,
    authors: ['C. G. Gray', 'D. R. Cheriton'],
    title: 'Leases: An Efficient Fault-Tolerant Mechanism for Distributed File Cache Consistency',
    container: 'Proceedings of the 12th ACM Symposium on Operating Systems Principles (SOSP ’89)',
    publisher: 'ACM',
    year: 1989,
    pages: '202–210',
    doi: '10.1145/74850.74870',
    url: 'https://doi.org/10.1145/74850.74870',
    kind: 'inproceedings',
    usedFor:
      'Time-bounded leases, and their dependence on bounded clock drift between holder and grantor.',
    confirmed: true,
    note: 'The same paper also has the DOI 10.1145/74851.74870 as published in ACM SIGOPS Operating Systems Review; the proceedings DOI is used here.',
  },
  {
    id: 'saltzer-e2e',
    n: 4,
    authors: ['J. H. Saltzer', 'D. P. Reed', 'D. D. Clark'],
    title: 'End-to-End Arguments in System Design',
    container: 'ACM Transactions on Computer Systems',
    publisher: 'ACM',
    year: 1984,
    month: 'November',
    volume: '2',
    issue: '4',
    pages: '277–288',
    doi: '10.1145/357401.357402',
    url: 'https://doi.org/10.1145/357401.357402',
    kind: 'article',
    usedFor:
      'A lost acknowledgement turns a retry into a duplicate that only the application can recognise and suppress.',
    confirmed: true,
  },
  {
    id: 'elnozahy-survey',
    n: 5,
    authors: ['E. N. Elnozahy', 'L. Alvisi', 'Y.-M. Wang', 'D. B. Johnson'],
    title: 'A Survey of Rollback-Recovery Protocols in Message-Passing Systems',
    container: 'ACM Computing Surveys',
    publisher: 'ACM',
    year: 2002,
    month: 'September',
    volume: '34',
    issue: '3',
    pages: '375–408',
    doi: '10.1145/568522.568525',
    url: 'https://doi.org/10.1145/568522.568525',
    kind: 'article',
    usedFor:
      'Output commit, logging outside inputs before use, piecewise determinism, and why checkpoint-only recovery suits chatty applications poorly.',
    confirmed: true,
  },
  {
    id: 'schneider-smr',
    n: 6,
    authors: ['F. B. Schneider'],
    title: 'Implementing Fault-Tolerant Services Using the State Machine Approach: A Tutorial',
    container: 'ACM Computing Surveys',
    publisher: 'ACM',
    year: 1990,
    month: 'December',
    volume: '22',
    issue: '4',
    pages: '299–319',
    doi: '10.1145/98163.98167',
    url: 'https://doi.org/10.1145/98163.98167',
    kind: 'article',
    usedFor:
      'A deterministic state machine’s outputs follow from the sequence of requests it processes.',
    confirmed: true,
  },
  {
    id: 'sagas',
    n: 7,
    authors: ['H. Garcia-Molina', 'K. Salem'],
    title: 'Sagas',
    container: 'Proceedings of the 1987 ACM SIGMOD International Conference on Management of Data',
    publisher: 'ACM',
    year: 1987,
    month: 'May',
    pages: '249–259',
    doi: '10.1145/38713.38742',
    url: 'https://doi.org/10.1145/38713.38742',
    kind: 'inproceedings',
    usedFor:
      'Compensating transactions that amend a partial run rather than erase it, and the case where compensation itself cannot finish.',
    confirmed: true,
  },
  {
    id: 'temporal-activity',
    n: 8,
    authors: ['Temporal Technologies'],
    title: 'Activity Definition',
    container: 'Temporal documentation',
    year: 2026,
    url: 'https://docs.temporal.io/activity-definition',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Idempotency keys are enforced by the called service; Run ID plus Activity ID as a key; observed complete once, possibly executed more often.',
    confirmed: true,
  },
  {
    id: 'temporal-workflow',
    n: 9,
    authors: ['Temporal Technologies'],
    title: 'Temporal Workflow Definition',
    container: 'Temporal documentation',
    year: 2026,
    url: 'https://docs.temporal.io/workflow-definition',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Workflow code must replay deterministically, model calls go in Activities, and changing code under running executions needs versioning.',
    confirmed: true,
    note: 'The page’s heading is “Temporal Workflow Definition” (the reading list: “Workflow Definition”). The sentence naming LLM/AI invocations is in the current page as quoted by several third-party copies; the stored repository copy read here predates it.',
  },
  {
    id: 'temporal-events',
    n: 10,
    authors: ['Temporal Technologies'],
    title: 'Events and Event History',
    container: 'Temporal documentation',
    year: 2026,
    url: 'https://docs.temporal.io/workflow-execution/event',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Each execution’s progress is appended to an event history that is replayed to recover.',
    confirmed: true,
    note: 'Reconstructed entry (the companion’s own list was lost); the page and title are confirmed.',
  },
  {
    id: 'aws-sfn-workflow-types',
    n: 11,
    authors: ['Amazon Web Services'],
    title: 'Choosing workflow type in Step Functions',
    container: 'AWS Step Functions Developer Guide',
    year: 2026,
    url: 'https://docs.aws.amazon.com/step-functions/latest/dg/concepts-standard-vs-express.html',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Standard workflows run exactly once with state persisted between transitions; Express runs are at-least-once or at-most-once.',
    confirmed: true,
    note: 'Reconstructed entry. The page (older title “Standard vs. Express Workflows”) and its current title are confirmed; that this is the exact page the lost list cited is an inference from where footnote 11 is used.',
  },
  {
    id: 'aws-sfn-redrive',
    n: 12,
    authors: ['Amazon Web Services'],
    title: 'Restarting state machine executions with redrive in Step Functions',
    container: 'AWS Step Functions Developer Guide',
    year: 2026,
    url: 'https://docs.aws.amazon.com/step-functions/latest/dg/redrive-executions.html',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Redrive resumes a failed Standard execution from the failed step with the same input and definition, with documented rerun exceptions and a 14-day window.',
    confirmed: true,
    note: 'Full page title adds “in Step Functions”. The page says redrive keeps the original execution’s definition, version and alias (not only “definition version”); the States.DataLimitExceeded exceptions for Parallel, Inline Map and Distributed Map are confirmed.',
  },
  {
    id: 'aws-sfn-startexecution',
    n: 13,
    authors: ['Amazon Web Services'],
    title: 'StartExecution',
    container: 'AWS Step Functions API Reference',
    year: 2026,
    url: 'https://docs.aws.amazon.com/step-functions/latest/apireference/API_StartExecution.html',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Starting a Standard execution is idempotent for the same name and input while it runs; Express starts are not.',
    confirmed: true,
    note: 'Reconstructed entry; the API text on idempotency for STANDARD workflows is confirmed.',
  },
  {
    id: 'azure-durable-orchestrations',
    n: 14,
    authors: ['Microsoft'],
    title: 'Durable orchestrations',
    container: 'Microsoft Learn, Azure Durable Functions documentation',
    year: 2026,
    url: 'https://learn.microsoft.com/en-us/azure/azure-functions/durable/durable-functions-orchestrations',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Orchestrators are replayed against their execution history, getting recorded activity results instead of rerunning activities.',
    confirmed: true,
    note: 'Microsoft Learn also serves a Durable Task version of this page under /azure/durable-task/common/durable-task-orchestrations.',
  },
  {
    id: 'azure-code-constraints',
    n: 15,
    authors: ['Microsoft'],
    title: 'Orchestrator function code constraints',
    container: 'Microsoft Learn, Azure Durable Functions documentation',
    year: 2026,
    url: 'https://learn.microsoft.com/en-us/azure/azure-functions/durable/durable-functions-code-constraints',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Orchestrator code must be deterministic, taking current time and new GUIDs from the orchestration context.',
    confirmed: true,
  },
  {
    id: 'langgraph-functional',
    n: 16,
    authors: ['LangChain'],
    title: 'Functional API',
    container: 'LangGraph documentation',
    year: 2026,
    url: 'https://docs.langchain.com/oss/python/langgraph/functional-api',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Completed task results are persisted and looked up on resume, so a resumed run follows its recorded steps.',
    confirmed: true,
    note: 'Page and URL confirmed. A review of the page found the quoted words (“including for long-running or non-deterministic task outputs”) there, qualifying how persisted task results keep the recorded order of steps on resume; the article quotes them in that sense. The stored copies searched earlier showed only nearby wording (“particularly useful for long-running tasks or tasks with non-deterministic results”).',
  },
  {
    id: 'langgraph-durable',
    n: 17,
    authors: ['LangChain'],
    title: 'Durable execution',
    container: 'LangGraph documentation',
    year: 2026,
    url: 'https://docs.langchain.com/oss/python/langgraph/durable-execution',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'The exit, async and sync durability modes, described as trading performance against durability.',
    confirmed: true,
    note: 'The reading list named this “durable execution / persistence (checkpointers)”; the durability modes are documented on the “Durable execution” page, which is cited here.',
  },
  {
    id: 'restate-durable-steps',
    n: 18,
    authors: ['Restate'],
    title: 'Durable Steps',
    container: 'Restate documentation (TypeScript SDK)',
    year: 2026,
    url: 'https://docs.restate.dev/develop/ts/durable-steps',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'ctx.run wraps a non-deterministic operation and records its result in the execution log for replay.',
    confirmed: true,
    note: 'The same page exists per SDK (ts, python, go, java); the TypeScript page is cited because the text uses ctx.run.',
  },
  {
    id: 'kleppmann-locking',
    n: 19,
    authors: ['M. Kleppmann'],
    title: 'How to do distributed locking',
    container: 'martin.kleppmann.com',
    year: 2016,
    month: 'February',
    url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
    kind: 'web',
    usedFor:
      'A paused lock holder can act after its lock expired; fencing tokens work only if the storage checks them.',
    confirmed: true,
    note: 'Published 8 February 2016 (date from the post’s URL).',
  },
  {
    id: 'featonby-idempotent',
    n: 20,
    authors: ['M. Featonby'],
    title: 'Making retries safe with idempotent APIs',
    container: 'Amazon Builders’ Library',
    publisher: 'Amazon Web Services',
    year: 2021,
    month: 'January',
    url: 'https://aws.amazon.com/builders-library/making-retries-safe-with-idempotent-APIs/',
    kind: 'web',
    usedFor:
      'Record the caller’s token and the mutation atomically, reject reuse with different parameters, and answer repeats with an equivalent response.',
    confirmed: true,
    note: 'Author is Malcolm Featonby (AWS Principal Engineer). Date from AWS’s announcement of the article on 15 January 2021; the article page itself carries no date in the copies seen.',
  },
  {
    id: 'stripe-idempotent',
    n: 21,
    authors: ['Stripe'],
    title: 'Idempotent requests',
    container: 'Stripe API reference',
    year: 2026,
    url: 'https://docs.stripe.com/api/idempotent_requests',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'First response per key is stored and replayed, parameters are compared, concurrent conflicts are not stored, keys may be pruned after 24 hours.',
    confirmed: true,
    note: 'Wording varies by version: the v1 text saves the first status and body “regardless of whether it succeeds or fails”; a 2026 preview version separates API v1 from API v2 retry behaviour.',
  },
  {
    id: 'pro-git-objects',
    n: 22,
    authors: ['S. Chacon', 'B. Straub'],
    title: 'Git Internals – Git Objects',
    container: 'Pro Git, 2nd edition, section 10.2',
    publisher: 'Apress',
    year: 2014,
    url: 'https://git-scm.com/book/en/v2/Git-Internals-Git-Objects',
    kind: 'book',
    usedFor:
      'Git as a content-addressable filesystem: a key-value store keyed by a hash of the content.',
    confirmed: true,
  },
  {
    id: 'bazel-remote-caching',
    n: 23,
    authors: ['The Bazel project'],
    title: 'Remote Caching',
    container: 'Bazel documentation',
    year: 2026,
    url: 'https://bazel.build/remote/caching',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Cache entries keyed by action hashes; known issues with untracked tools outside the workspace and inputs changed mid-build.',
    confirmed: true,
  },
  {
    id: 'airflow-tasks',
    n: 24,
    authors: ['The Apache Software Foundation'],
    title: 'Tasks',
    container: 'Apache Airflow documentation',
    year: 2026,
    url: 'https://airflow.apache.org/docs/apache-airflow/stable/core-concepts/tasks.html',
    accessed: DOCS_READ,
    kind: 'web',
    usedFor:
      'Task instances move through named lifecycle states, and tasks whose heartbeats stop are detected and failed or retried.',
    confirmed: true,
    note: 'The /stable/ URL follows the current release; the text was read in October 2026.',
  },
  {
    id: 'young-harnesses',
    n: 25,
    authors: ['J. Young'],
    title: 'Effective harnesses for long-running agents',
    container: 'Anthropic Engineering',
    publisher: 'Anthropic',
    year: 2025,
    month: 'November',
    url: 'https://www.anthropic.com/engineering/effective-harnesses-for-long-running-agents',
    kind: 'web',
    usedFor:
      'Each agent session starts without memory, so a progress file, a feature list and Git commits carry context forward.',
    confirmed: true,
    note: 'Author Justin Young; published 26 November 2025.',
  },
  {
    id: 'rajasekaran-harness',
    n: 26,
    authors: ['P. Rajasekaran'],
    title: 'Harness design for long-running application development',
    container: 'Anthropic Engineering',
    publisher: 'Anthropic',
    year: 2026,
    month: 'March',
    url: 'https://www.anthropic.com/engineering/harness-design-long-running-apps',
    kind: 'web',
    usedFor:
      'A separate evaluator agent helped most but had to be tuned against leniency, at over twenty times a solo run’s cost.',
    confirmed: true,
    note: 'Author Prithvi Rajasekaran (Anthropic Labs); published 24 March 2026.',
  },
  {
    id: 'era-3-draft',
    n: 27,
    authors: ['Loki'],
    title: 'Era 3: draft architecture documents',
    container: 'Unpublished draft; not publicly available',
    year: 2026,
    month: 'September',
    kind: 'web',
    usedFor:
      'What the Era 3 design requires of durable agent work, and what it had and had not built, as the draft stood in September 2026.',
    confirmed: false,
    note: 'Internal draft design documents with no public address; no copy was found with the search tool. The title is descriptive, and every claim that cites this entry is dated September 2026.',
  },
];

const byId = new Map<string, Source>(sources.map((s) => [s.id, s]));

/** The source with this id; throws if there is none. */
export function sourceById(id: string): Source {
  const s = byId.get(id);
  if (!s) {
    throw new Error(`Unknown source id "${id}". Known ids: ${[...byId.keys()].join(', ')}`);
  }
  return s;
}

function formatAuthors(authors: string[]): string {
  return listAnd(authors);
}

function formatAccessed(accessed: string): string {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(accessed) ? formatMonth(accessed) : accessed;
}

/** Ends a fragment with a full stop unless it already ends in punctuation. */
function stop(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}

/**
 * A plain-text reference line, e.g.
 * `C. Mohan, … and P. Schwarz. “ARIES: …” ACM Transactions on Database Systems 17(1), 94–162, March 1992. doi:10.1145/128765.128770`
 */
export function formatReference(s: Source): string {
  const parts: string[] = [stop(formatAuthors(s.authors))];

  // A stand-alone book is named bare; anything inside a container is quoted.
  parts.push(s.kind === 'book' && !s.container ? stop(s.title) : `“${stop(s.title)}”`);

  const where: string[] = [];
  if (s.container) {
    let venue = s.kind === 'inproceedings' ? `In ${s.container}` : s.container;
    if (s.volume) venue += ` ${s.volume}${s.issue ? `(${s.issue})` : ''}`;
    where.push(venue);
  }
  // Journal and proceedings publishers (ACM) are implied by the venue.
  const showPublisher = s.kind === 'book' || s.kind === 'web';
  if (showPublisher && s.publisher && s.publisher !== s.container) where.push(s.publisher);
  if (s.pages) where.push(s.kind === 'inproceedings' ? `pp. ${s.pages}` : s.pages);
  where.push(s.month ? `${s.month} ${s.year}` : String(s.year));
  parts.push(stop(where.join(', ')));

  if (s.doi) {
    parts.push(`doi:${s.doi}`);
  } else if (s.url) {
    parts.push(s.url + (s.accessed ? ` (accessed ${formatAccessed(s.accessed)})` : ''));
  }
  return parts.join(' ');
}
