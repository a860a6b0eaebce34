import { describe, expect, it } from 'vitest';
import { domainEvent } from './domain-events.ts';

describe('domainEvent', () => {
  it("calls the app's listeners in order with the event, and no other app's", async () => {
    const handedIn = domainEvent<{ userId: number }>();
    const [app, other] = [{}, {}];
    const heard: string[] = [];
    handedIn.on(app, ({ userId }) => void heard.push(`first ${userId}`));
    handedIn.on(app, async ({ userId }) => {
      await Promise.resolve();
      heard.push(`second ${userId}`);
    });
    handedIn.on(other, () => void heard.push('other'));
    await handedIn.emit(app, { userId: 7 });
    expect(heard).toEqual(['first 7', 'second 7']);
  });

  it('stops calling a listener once unsubscribed, and lets a throw reach the publisher', async () => {
    const checked = domainEvent<number>();
    const app = {};
    const heard: number[] = [];
    const off = checked.on(app, (n) => void heard.push(n));
    await checked.emit(app, 1);
    off();
    await checked.emit(app, 2);
    expect(heard).toEqual([1]);
    checked.on(app, () => {
      throw new Error('listener failed');
    });
    await expect(checked.emit(app, 3)).rejects.toThrow('listener failed');
  });

  it('does nothing for an app nobody listens to', async () => {
    await expect(domainEvent<string>().emit({}, 'x')).resolves.toBeUndefined();
  });
});
