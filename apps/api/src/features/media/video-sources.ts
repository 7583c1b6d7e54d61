// Where a video id is looked up: every area that shares videos (study library files, documents, and later the
// recordings of live classes) registers one source; the `video` id policy asks them in order and the first that
// finds the id for this session wins. A source answers only videos the session may watch.
import type { Db } from '../../db/client.ts';

/** Hosts a video id can belong to. */
export type VideoHost = 'vimeo' | 'vdocipher' | 'youtube';

/** A video the session may watch, with what its counters need. */
export interface VideoEntry {
  host: VideoHost;
  videoId: string;
  /** Which source found it (for logs and tests). */
  source: string;
  /** Adds one play to its watch count. */
  countWatch(db: Db): Promise<void>;
  /** Adds watched seconds to its watch history. */
  addWatchSeconds(db: Db, seconds: number): Promise<void>;
}

/** What a source is asked: the session's institute and entitlement values, and the id. */
export interface VideoQuery {
  db: Db;
  instituteId: number;
  videoId: string;
  /** `$1`–`$5` of `entitledCourse` (library/library-access.repository.ts), for sources that check entitlement. */
  entitlement: unknown[];
  /** The viewed student, or null for open-course users. */
  studentId: number | null;
  academicYearId: number;
}

export interface VideoSource {
  name: string;
  find(query: VideoQuery): Promise<VideoEntry | undefined>;
}

const sources: VideoSource[] = [];

/** Adds a source (once per name; registering the same name again replaces it). */
export function registerVideoSource(source: VideoSource) {
  const index = sources.findIndex((each) => each.name === source.name);
  if (index >= 0) sources[index] = source;
  else sources.push(source);
}

/** The first registered source's answer for the id, or undefined when none has it for this session. */
export async function findVideo(query: VideoQuery): Promise<VideoEntry | undefined> {
  for (const source of sources) {
    const found = await source.find(query);
    if (found) return found;
  }
  return undefined;
}

/** A source whose videos are rows of one table: `find` gives the entitled row (its host in `kind`), `addWatch` counts. */
export function registerRowVideoSource(
  name: string,
  find: (db: Db, entitlement: unknown[], videoId: string) => Promise<{ id: number; kind: string } | undefined>,
  addWatch: (db: Db, instituteId: number, id: number, plays: number, seconds: number) => Promise<void>,
) {
  registerVideoSource({
    name,
    async find({ db, instituteId, videoId, entitlement }) {
      const row = await find(db, entitlement, videoId);
      if (!row) return undefined;
      return {
        host: row.kind as VideoHost,
        videoId,
        source: name,
        countWatch: (database) => addWatch(database, instituteId, row.id, 1, 0),
        addWatchSeconds: (database, seconds) => addWatch(database, instituteId, row.id, 0, seconds),
      };
    },
  });
}
