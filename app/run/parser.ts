import type { Sample } from '../metrics/sample';
import type { Summary } from '../metrics/summary';
import { RUN_FORMAT, RUN_FORMAT_VERSION, type LogEntry, type PhaseMark, type RunHeader } from './format';
import { migrateHeader, sampleMigration, type RawRecord } from './migrate';
import { looseSecretValues, redactScenario, scrubDeep, scrubSecrets } from '../scenario/secrets';
import { HeaderEnvelopeSchema, isRecordType, issuesText, RECORD_SCHEMAS, RunHeaderSchema } from './schema';
import { errorMessage } from '../error-message';

/** A header is a scenario and the environment: a few KB. A longer first line is not a run header. */
export const HEADER_MAX_BYTES = 1024 * 1024;
/** A sample is a few KB (one histogram per op type); anything near this is not a run record. */
const LINE_MAX_BYTES = 16 * 1024 * 1024;

export class RunFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'RunFileError';
  }
}

const NOT_OURS = 'not a kvscope run file';

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a JSON array';
  return typeof v === 'object' ? 'an object' : `a JSON ${typeof v}`;
}

/** A run header as it may leave the parser, and the secrets it held in clear. */
export interface ReadHeader {
  header: RunHeader;
  writtenVersion: number;
  /** The passwords the file held in clear (one written elsewhere, or by hand): every later record is scrubbed of them. */
  secrets: string[];
}

/**
 * The first line of a run file, checked and brought to the current format.
 * Everything that is not a kvscope header is refused here, with what was
 * found instead, before a single sample is read. A password in clear is
 * masked wherever it occurs in the header (the target's own field, a name,
 * anything), and so is every error about it.
 */
export function headerFromLine(text: string, path: string): ReadHeader {
  const raw = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line: unknown;
  try {
    line = JSON.parse(raw);
  } catch {
    if (/^\s*\{\s*"type"\s*:\s*"header"/.test(raw))
      throw new RunFileError(path, 'the header line is cut short (the run stopped before its first line was written whole)');
    throw new RunFileError(path, `${NOT_OURS} (the first line is not JSON)`);
  }
  if (line === null || typeof line !== 'object' || Array.isArray(line)) {
    throw new RunFileError(path, `${NOT_OURS} (the first line is ${kindOf(line)}, not a run header)`);
  }
  const rec = line as { type?: unknown; data?: unknown };
  if (rec.type !== 'header') {
    const what = typeof rec.type === 'string' && isRecordType(rec.type) ? `a ${rec.type} record` : 'not a run header';
    throw new RunFileError(path, `${NOT_OURS} (the first line is ${what}; a run file starts with {"type":"header",...})`);
  }
  if (rec.data === null || typeof rec.data !== 'object' || Array.isArray(rec.data))
    throw new RunFileError(path, `${NOT_OURS} (the header line has no data)`);
  const data = rec.data as RawRecord;
  if (data.format !== RUN_FORMAT) {
    throw new RunFileError(
      path,
      `${NOT_OURS} (format is ${data.format === undefined ? 'missing' : JSON.stringify(data.format)}, not "${RUN_FORMAT}")`,
    );
  }
  const envelope = HeaderEnvelopeSchema.safeParse(data);
  if (!envelope.success) throw new RunFileError(path, 'run file has no format version');
  const version = envelope.data.version;
  if (version > RUN_FORMAT_VERSION) {
    throw new RunFileError(
      path,
      `written by a newer kvscope (format ${version}; this one reads ${RUN_FORMAT_VERSION}): update kvscope to open it`,
    );
  }
  if (!Number.isInteger(version) || version < 1) throw new RunFileError(path, `unknown run format version ${version}`);
  let migrated: RawRecord;
  try {
    migrated = migrateHeader(data);
  } catch (err) {
    throw new RunFileError(path, `header (format ${version}): ${errorMessage(err)}`);
  }
  // A file written elsewhere (or by hand) may hold a password in clear: it never goes further than this.
  const secrets = looseSecretValues(migrated.scenario);
  const checked = RunHeaderSchema.safeParse(migrated);
  if (!checked.success)
    throw new RunFileError(path, scrubSecrets(`header (format ${version}) is damaged: ${issuesText(checked.error)}`, secrets));
  // The object as written (migrated), not zod's copy: fields a check does not know are kept.
  const header = scrubDeep(migrated as unknown as RunHeader, secrets);
  return { header: { ...header, scenario: redactScenario(header.scenario) }, writtenVersion: version, secrets };
}

/** What a run file holds, read line by line; arrays stay empty when the parser was asked to keep nothing. */
export interface ParsedRun {
  header: RunHeader;
  phases: PhaseMark[];
  samples: Sample[];
  logs: LogEntry[];
  /** The summary line, when the run wrote one. */
  summary?: Summary;
  /** The last line was cut short (a crash mid-write). */
  truncated: boolean;
  /** Records of each kind, whether kept or not. */
  counts: { phase: number; sample: number; log: number; summary: number };
}

/**
 * Reads a run file one line at a time, in order, validating each record.
 * Only the very last line may be cut short by a crash: a line that is not
 * JSON is held until the next line arrives, which proves it was not the last
 * (corruption, reported with its number); at the end it is the cut tail.
 * Every record comes out with the secrets its header held in clear masked.
 */
export class RunParser {
  private header?: RunHeader;
  private migrateSample?: (s: RawRecord) => RawRecord;
  private writtenVersion = RUN_FORMAT_VERSION;
  private secrets: string[] = [];
  private badLine?: number;
  private readonly out: Omit<ParsedRun, 'header' | 'truncated'> = {
    phases: [],
    samples: [],
    logs: [],
    counts: { phase: 0, sample: 0, log: 0, summary: 0 },
  };

  constructor(
    readonly path: string,
    /** false: validate every line but keep no phases, samples or logs (checking a file on import). */
    private readonly keep = true,
  ) {}

  line(text: string, lineNo: number): void {
    if (text.trim() === '') return;
    if (this.badLine !== undefined) {
      throw new RunFileError(this.path, `line ${this.badLine} is not JSON (damaged: lines follow it, so it was not cut short by a crash)`);
    }
    if (!this.header) {
      const h = headerFromLine(text, this.path);
      this.header = h.header;
      this.writtenVersion = h.writtenVersion;
      this.migrateSample = sampleMigration(h.writtenVersion);
      this.secrets = h.secrets;
      return;
    }
    let rec: unknown;
    try {
      rec = JSON.parse(text);
    } catch {
      this.badLine = lineNo;
      return;
    }
    this.record(rec, lineNo);
  }

  private fail(lineNo: number, reason: string): never {
    throw new RunFileError(this.path, scrubSecrets(`line ${lineNo} ${reason}`, this.secrets));
  }

  private record(rec: unknown, lineNo: number): void {
    if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) this.fail(lineNo, `is not a run record (${kindOf(rec)})`);
    const { type, data } = rec as { type?: unknown; data?: unknown };
    if (typeof type !== 'string') this.fail(lineNo, 'is not a run record (no "type")');
    if (type === 'header') this.fail(lineNo, 'is a second header (two run files joined into one?)');
    if (!isRecordType(type)) this.fail(lineNo, `has unknown type ${JSON.stringify(type).slice(1, -1).slice(0, 40)}`);
    if (data === undefined || data === null) this.fail(lineNo, `(${type}) has no data`);
    let value = data;
    if (type === 'sample' && this.migrateSample && typeof value === 'object') {
      try {
        value = this.migrateSample(value as RawRecord);
      } catch (err) {
        this.fail(lineNo, `(sample) cannot be brought from format ${this.writtenVersion}: ${errorMessage(err)}`);
      }
    }
    const checked = RECORD_SCHEMAS[type].safeParse(value);
    if (!checked.success) this.fail(lineNo, `(${type}) is damaged: ${issuesText(checked.error)}`);
    // Every string of every record (a log line, an error, the outcome's reason) loses the header's secrets.
    value = scrubDeep(value, this.secrets);
    this.out.counts[type]++;
    switch (type) {
      case 'summary':
        this.out.summary = value as Summary;
        break;
      case 'sample':
        if (this.keep) this.out.samples.push(value as Sample);
        break;
      case 'phase':
        if (this.keep) this.out.phases.push(value as PhaseMark);
        break;
      case 'log':
        if (this.keep) this.out.logs.push(value as LogEntry);
        break;
    }
  }

  finish(): ParsedRun {
    if (!this.header) throw new RunFileError(this.path, 'empty file');
    return { header: this.header, ...this.out, truncated: this.badLine !== undefined };
  }
}

/** The longest line accepted at each position: the header is small, records may be larger. */
export const maxLineBytes = (lineNo: number): number => (lineNo <= 1 ? HEADER_MAX_BYTES : LINE_MAX_BYTES);

export function lineTooLong(path: string): (lineNo: number, limit: number) => never {
  return (lineNo, limit) => {
    if (lineNo <= 1)
      throw new RunFileError(path, `${NOT_OURS} (the first line is longer than ${limit / 1024} KiB; a run header is a few KB)`);
    throw new RunFileError(path, `line ${lineNo} is longer than ${limit / (1024 * 1024)} MiB: not a run record`);
  };
}
