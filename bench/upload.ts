// Upload benchmark (issue 5): 20 files totalling 150 MB sent to the production server on PGlite; reports the
// server's peak resident memory above idle and the throughput. npm run bench:upload
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { multipart } from '../apps/api/test/multipart.ts';

const port = 8096;
const base = `http://127.0.0.1:${port}`;
const root = new URL('..', import.meta.url).pathname;

/** Resident memory of a process in MB, from /proc. */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

export async function measureUpload() {
  const server = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-upload-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {
        if (attempt > 450) throw new Error('server did not start');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const login = await fetch(`${base}/api/v2/user/v3/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: '9000000001', password: 'demo1234', device_id: 'bench-upload', source: 'WEB' }),
    });
    const session = (
      (await login.json()) as { result: { student_auth: string; institute_id: number; student_id: number } }
    ).result;
    const list = await fetch(`${base}/api/v2/onlineAssignment/student/getAssignmentsDetail`, {
      method: 'POST',
      headers: { authorization: session.student_auth, 'content-type': 'application/json' },
      body: JSON.stringify({ category_id: 255, institute_id: session.institute_id, student_id: session.student_id }),
    });
    const items = (
      (await list.json()) as {
        result: { upcoming_online_assignment_list: { file_id: number; student_status: string }[] };
      }
    ).result.upcoming_online_assignment_list;
    const target = items.find((item) => item.student_status === 'Pending')!;

    // Let the process settle, then take idle as the lowest of a few readings.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const idle = Math.min(...[0, 1, 2].map(() => rssMb(server.pid!)));
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 25);
    const totalBytes = 150 * 1024 * 1024;
    const files = Array.from({ length: 20 }, (_, index) => ({
      filename: `part-${index + 1}.pdf`,
      size: totalBytes / 20,
      head: Buffer.from(`%PDF-1.4\n% part ${index + 1}\n`),
    }));
    const body = multipart(files, {
      institute_id: session.institute_id,
      category_id: 255,
      studentId_array: [session.student_id],
      file_id: target.file_id,
      student_status: 'Draft',
      student_comment: 'benchmark',
      attachmentId_array: [],
      url_lists: [],
    });
    const started = Date.now();
    const response = await fetch(`${base}/api/v2/onlineAssignment/student/updateAssignment`, {
      method: 'POST',
      headers: { authorization: session.student_auth, ...body.headers },
      body: body.payload as unknown as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const answer = (await response.json()) as { message: string };
    return {
      status: response.status,
      message: answer.message,
      files: files.length,
      totalMb: totalBytes / 1024 / 1024,
      seconds: Number(seconds.toFixed(2)),
      throughputMbPerSecond: Number((totalBytes / 1024 / 1024 / seconds).toFixed(1)),
      idleRssMb: Math.round(idle),
      peakRssMb: Math.round(peak),
      peakAboveIdleMb: Math.round(peak - idle),
    };
  } finally {
    server.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureUpload(), null, 2));
