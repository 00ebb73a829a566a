/** A duration as an i18n key of chat/tool-calls and its parameters: "850 ms", "4.2 s", "3 min 5 s". */
export function durationText(ms: number): { key: string; params: Record<string, number> } {
  const clamped = Math.max(0, ms);
  if (clamped < 1000) return { key: 'chat/tool-calls:duration.ms', params: { ms: Math.round(clamped) } };
  if (clamped < 10_000) return { key: 'chat/tool-calls:duration.seconds', params: { seconds: Math.floor(clamped / 100) / 10 } };
  if (clamped < 60_000) return { key: 'chat/tool-calls:duration.seconds', params: { seconds: Math.floor(clamped / 1000) } };
  const totalSeconds = Math.floor(clamped / 1000);
  return { key: 'chat/tool-calls:duration.minutes', params: { minutes: Math.floor(totalSeconds / 60), seconds: totalSeconds % 60 } };
}
