export async function bench(log: (line: string) => void): Promise<void> {
  log('(not yet)');
}
