/**
 * Resolves in a task of its own: the browser may paint and handle input in between. A message to
 * itself, as React's scheduler yields, rather than a timer (no clamping after nested timers).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
