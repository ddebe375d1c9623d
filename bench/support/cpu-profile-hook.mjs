// CPU profiles of a measured window only (not of start-up and seeding), for
// bench/http-throughput.mjs --cpu-prof: loaded into the server with `node --import`, it starts V8's
// sampling profiler on SIGUSR2 and on the next SIGUSR2 writes the profile (a .cpuprofile that
// Chrome DevTools opens, or bench/support/cpu-profile-summary.mjs reads) into BENCH_CPU_PROF_DIR,
// named by BENCH_CPU_PROF_LABEL and the window's number. Works for any checkout of the app.
import fs from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const DIR = process.env.BENCH_CPU_PROF_DIR;
if (DIR) {
  const session = new Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  let running = false;
  let window = 0;
  await post("Profiler.enable");
  // 1 ms between samples (V8's default for --cpu-prof).
  await post("Profiler.setSamplingInterval", { interval: 1000 });
  process.on("SIGUSR2", async () => {
    if (!running) {
      running = true;
      await post("Profiler.start");
      return;
    }
    running = false;
    const { profile } = await post("Profiler.stop");
    window++;
    fs.mkdirSync(DIR, { recursive: true });
    const label = process.env.BENCH_CPU_PROF_LABEL ?? "server";
    fs.writeFileSync(path.join(DIR, `${label}-${window}.cpuprofile`), JSON.stringify(profile));
    fs.writeFileSync(path.join(DIR, `${label}-${window}.done`), "");
  });
}
