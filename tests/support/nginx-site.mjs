// deploy/nginx-site.conf made runnable on this machine, for the deployment test (tests/deploy) and
// the benchmarks (bench/http-throughput.mjs --edge): this run's ports, upstream processes,
// certificate, and log and cache directories put in; everything else as shipped.
import fs from "node:fs";
import path from "node:path";

const UPSTREAMS = /server 127\.0\.0\.1:3001 (.*);\n\s*server 127\.0\.0\.1:3002 (.*);/;

/**
 * The site file's text for local ports.
 * @param {string} site the text of deploy/nginx-site.conf
 * @param {{ dir: string, httpPort: number, httpsPort: number, upstreams: number[], cert: { cert: string, key: string } }} options
 *   `upstreams`: the app processes' ports (each gets the shipped line's settings); `dir`: where its
 *   `log/` and `cache/` directories are.
 * @returns {string}
 */
export function renderNginxSite(site, options) {
  const match = UPSTREAMS.exec(site);
  if (!match) throw new Error("the site file no longer has the two upstream lines the test fills in");
  const [, first, second] = match;
  const lines = options.upstreams.map((port, i) => `server 127.0.0.1:${port} ${i === 0 ? first : second};`);
  return site
    .replace(UPSTREAMS, lines.join("\n    "))
    .replace(/listen 80;/, `listen 127.0.0.1:${options.httpPort};`)
    .replace(/listen \[::\]:80;\n/, "")
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${options.httpsPort} ssl http2;`)
    .replace(/listen \[::\]:443 ssl http2;\n/, "")
    .replace(/ssl_certificate .*;/, `ssl_certificate ${options.cert.cert};`)
    .replace(/ssl_certificate_key .*;/, `ssl_certificate_key ${options.cert.key};`)
    .replace(/server_name example\.com;/g, "server_name 127.0.0.1;")
    .replace(/\/var\/log\/nginx\//g, `${options.dir}/log/`)
    .replace(/\/var\/cache\/nginx\//g, `${options.dir}/cache/`);
}

/**
 * The main configuration around the site (one worker, pid, logs and temp files in `dir`), written
 * to `dir/nginx.conf` with the site in `dir/site.conf`; returns the path of nginx.conf.
 * @param {string} dir
 * @param {string} site the rendered site
 * @returns {string}
 */
export function writeNginxConfig(dir, site) {
  for (const sub of ["tmp", "log", "cache"]) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  include ${dir}/site.conf;
}
`,
  );
  return conf;
}
