// @ts-check
// A child process for crash.test.mjs: the plugin over a vault folder.
//   node crash-child.mjs DIR batch   applies a 150-create batch_update; with
//                                    PC_KILL_AFTER=N it kills itself (SIGKILL)
//                                    right after the N-th file operation
//   node crash-child.mjs DIR load    loads the vault (rolling back an
//                                    interrupted batch) and prints the count
import { startPlugin } from "./helpers.mjs";

const [dir, mode] = process.argv.slice(2);
const { plugin, vault, session } = await startPlugin(null, dir);
if (mode === "batch") {
  const killAfter = Number(process.env.PC_KILL_AFTER ?? 0);
  let ops = 0;
  const tick = () => { if (killAfter > 0 && ++ops >= killAfter) process.kill(process.pid, "SIGKILL"); };
  vault.afterWrite = tick;
  // The adapter's writes (the journal's) tick too.
  const a = vault.adapter;
  const write = a.write.bind(a), remove = a.remove.bind(a), rename = a.rename.bind(a);
  a.write = async (p, data) => { await write(p, data); tick(); };
  a.remove = async (p) => { await remove(p); tick(); };
  a.rename = async (from, to) => { await rename(from, to); tick(); };
  const creates = Array.from({ length: 150 }, (_, i) => ({ op: "create", type: "milestone", data: { title: `Batch ${String(i).padStart(3, "0")}` } }));
  const out = await session.call("batch_update", { ops: creates });
  console.log(JSON.stringify({ changes: out.changes.length }));
} else {
  console.log(JSON.stringify({ entities: session.entities }));
}
plugin.unload();
