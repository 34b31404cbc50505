// Lets the main thread run what waits (input, paint) between slices of a
// long job. A message on a fresh channel, not setTimeout(0): browsers hold
// nested timeouts to 4 ms each after the fifth, which over the twenty
// slices of a large vault's load would add tens of milliseconds of waiting.

export function yieldThread(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
