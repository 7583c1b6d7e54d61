// nginx in front of API processes, for the benches and the scale test that run the portal past one process.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's nginx; root on Debian installs it when it is missing (as `npm test` does Chromium). */
export function findNginx(): string {
  const nginx = '/usr/sbin/nginx';
  if (existsSync(nginx)) return nginx;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log("nginx is missing; installing Debian's nginx package");
    execFileSync('sh', [
      '-c',
      'apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y nginx >/dev/null',
    ]);
    if (existsSync(nginx)) return nginx;
  }
  throw new Error('nginx is missing: apt-get install nginx');
}

/**
 * nginx in front of the API processes, round-robin, as an operator would put it: the client's address in
 * X-Forwarded-For (set, not appended: a client cannot forge it), the host kept (it picks the institute), uploads
 * and answers streamed, and the upstream that answered named in X-Upstream (what the test reads to tell them apart).
 */
export function startProxy(port: number, upstreams: number[], dir: string): ChildProcess {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
error_log ${join(dir, 'error.log')} warn;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream api {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 200m;
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  return spawn(findNginx(), ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
}
