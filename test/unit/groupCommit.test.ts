import { GroupCommit } from '../../lib/groupCommit';

/** A command whose answers the test releases one at a time, noting what each was asked. */
function controlledCommand() {
  const sent: { key: string; size: number; answer: (value: string) => void; fail: (error: Error) => void }[] = [];
  const command = (key: string, size: number) =>
    new Promise<string>((resolve, reject) => sent.push({ key, size, answer: resolve, fail: reject }));
  return { sent, command };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  test('an idle key sends at once; callers that ask while it is in flight share the next command', async () => {
    const { sent, command } = controlledCommand();
    const commit = new GroupCommit(command);
    const first = commit.request('org_a');
    await settle();
    expect(sent.map(({ key, size }) => [key, size])).toEqual([['org_a', 1]]);

    const joined = [commit.request('org_a'), commit.request('org_a'), commit.request('org_a')];
    await settle();
    // Nobody joins the command already sent: the three wait for the next one.
    expect(sent).toHaveLength(1);
    sent[0]!.answer('first answer');
    expect(await first).toEqual({ result: 'first answer', index: 0, size: 1 });
    await settle();
    expect(sent.map(({ size }) => size)).toEqual([1, 3]);
    sent[1]!.answer('second answer');
    expect(await Promise.all(joined)).toEqual([
      { result: 'second answer', index: 0, size: 3 },
      { result: 'second answer', index: 1, size: 3 },
      { result: 'second answer', index: 2, size: 3 },
    ]);
  });

  test('keys do not wait for each other', async () => {
    const { sent, command } = controlledCommand();
    const commit = new GroupCommit(command);
    void commit.request('org_a');
    const other = commit.request('org_b');
    await settle();
    expect(sent.map(({ key }) => key)).toEqual(['org_a', 'org_b']);
    sent[1]!.answer('b');
    expect((await other).result).toBe('b');
  });

  test("a failed command fails its own callers only, and the key's next callers still get a command", async () => {
    const { sent, command } = controlledCommand();
    const commit = new GroupCommit(command);
    const failing = commit.request('org_a');
    await settle();
    const waiting = commit.request('org_a');
    sent[0]!.fail(new Error('database unavailable'));
    await expect(failing).rejects.toThrow('database unavailable');
    await settle();
    expect(sent).toHaveLength(2);
    sent[1]!.answer('recovered');
    expect((await waiting).result).toBe('recovered');
    // Idle again: the next caller sends at once.
    const later = commit.request('org_a');
    await settle();
    expect(sent).toHaveLength(3);
    sent[2]!.answer('later');
    expect(await later).toEqual({ result: 'later', index: 0, size: 1 });
  });
});
