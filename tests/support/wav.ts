/** A mono 16-bit PCM WAV file of a 440 Hz tone, `seconds` long at `rate` samples a second, at `amplitude`. */
export function toneWav({ seconds, rate, amplitude }: { seconds: number; rate: number; amplitude: number }): Buffer {
  const count = Math.round(rate * seconds);
  const samples = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) samples.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
