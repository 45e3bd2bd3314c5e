/**
 * Resolves in a new task, after the browser has had its turn (input, rendering, other scripts).
 * A message, not setTimeout: nested timeouts are clamped to 4 ms.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
