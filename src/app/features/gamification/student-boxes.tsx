import { gamificationMessages, toApiError } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { buyBox, listBoxes, listUserBoxes, listUserPrizes, markPrizeUsed, openBox, type OpenResult } from './boxes-api.ts';
import { useLastData } from './use-last-data.ts';

const t = gamificationMessages;

/** Where the browser goes to pay; a seam for tests (happy-dom cannot leave the page). */
export const paymentNavigation = { go: (url: string) => window.location.assign(url) };

/**
 * The member's boxes on «Бонусы»: their unopened boxes with «Открыть» (the server draws the prize
 * and says what came out), the boxes on sale with «Купить» (the provider's payment page; the boxes
 * come once the payment is confirmed), and the prizes they won, each marked used when spent. The
 * section shows nothing while it loads (the page says it is loading) nor when the school has no
 * boxes for the member at all.
 */
export function StudentBoxes({ school }: { school: string }) {
  const [version, setVersion] = useState(0);
  const mine = useResource(`${school}/user_boxes?v=${version}`, () => listUserBoxes(school));
  const onSale = useResource(`${school}/school_box?member`, () => listBoxes(school));
  const prizes = useResource(`${school}/user_prizes?v=${version}`, () => listUserPrizes(school));
  const held = useLastData(mine)?.results;
  const sale = useLastData(onSale)?.results;
  const won = useLastData(prizes)?.results;
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<OpenResult | null>(null);
  // The payment page sends the member back with ?payment=success or ?payment=declined.
  const payment = new URLSearchParams(window.location.search).get('payment');
  const paid = payment === 'success' || payment === 'declined';

  const act = async (key: string, run: () => Promise<void>) => {
    setBusy(key);
    try {
      await run();
    } catch (error) {
      showToast(toApiError(error).message, 'error');
    } finally {
      setBusy(null);
    }
  };

  const open = (boxId: number) =>
    act(`open-${boxId}`, async () => {
      setOutcome(await openBox(school, boxId));
      setVersion((v) => v + 1);
    });
  const buy = (boxId: number) =>
    act(`buy-${boxId}`, async () => {
      const { payment_link } = await buyBox(school, boxId);
      paymentNavigation.go(payment_link);
    });
  const use = (id: number) =>
    act(`use-${id}`, async () => {
      await markPrizeUsed(school, id);
      setVersion((v) => v + 1);
    });

  const forSale = (sale ?? []).filter((box) => box.price > 0);
  const failed = mine.error ?? prizes.error;
  const settled = (held !== undefined || mine.error) && (sale !== undefined || onSale.error) && (won !== undefined || prizes.error);
  if (!settled) return null;
  if (!failed && !onSale.error && !outcome && !paid && held!.length === 0 && forSale.length === 0 && won!.length === 0) return null;

  return (
    <section className="student-boxes" aria-labelledby="student-boxes-title">
      <h2 id="student-boxes-title">{t.boxesTitle}</h2>
      {payment === 'success' ? <p role="status">{t.paymentSuccess}</p> : null}
      {payment === 'declined' ? <p role="status">{t.paymentDeclined}</p> : null}
      {outcome ? (
        <p className="student-boxes-outcome" role="status">
          {outcome.prize?.icon ? <img src={outcome.prize.icon} alt="" /> : null}
          {outcome.message}
        </p>
      ) : null}

      <h3>{t.myBoxes}</h3>
      {mine.error ? <LoadError message={mine.error.message} onRetry={mine.retry} /> : null}
      {held && held.length === 0 ? <p className="muted">{t.noBoxes}</p> : null}
      {held && held.length > 0 ? (
        <ul className="bonus-cards student-boxes-list">
          {held.map((row) => (
            <li key={row.id} className="bonus-card student-box">
              {row.box.icon ? <img className="bonus-card-logo" src={row.box.icon} alt="" loading="lazy" /> : null}
              <strong>{row.box.name}</strong>
              <span>{t.unopened(row.unopened_count)}</span>
              {row.remaining_to_guarantee !== null ? <span className="muted">{t.toGuarantee(row.remaining_to_guarantee)}</span> : null}
              <button
                type="button"
                className="button primary small"
                disabled={row.unopened_count < 1 || busy !== null}
                aria-busy={busy === `open-${row.box.id}` || undefined}
                aria-label={`${t.open}: ${row.box.name}`}
                onClick={() => void open(row.box.id)}
              >
                {busy === `open-${row.box.id}` ? t.opening : t.open}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {onSale.error ? (
        <>
          <h3>{t.forSale}</h3>
          <LoadError message={onSale.error.message} onRetry={onSale.retry} />
        </>
      ) : null}
      {forSale.length > 0 ? (
        <>
          <h3>{t.forSale}</h3>
          <ul className="bonus-cards student-boxes-list">
            {forSale.map((box) => (
              <li key={box.id} className="bonus-card student-box">
                {box.icon ? <img className="bonus-card-logo" src={box.icon} alt="" loading="lazy" /> : null}
                <strong>{box.name}</strong>
                <span>{t.buyCaption(box.quantity, box.bonus_quantity)}</span>
                <span>{t.money(box.price, box.currency)}</span>
                <button
                  type="button"
                  className="button small"
                  disabled={busy !== null}
                  aria-busy={busy === `buy-${box.id}` || undefined}
                  aria-label={`${t.buy}: ${box.name}`}
                  onClick={() => void buy(box.id)}
                >
                  {busy === `buy-${box.id}` ? t.buying : t.buy}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h3>{t.myPrizes}</h3>
      {prizes.error ? <LoadError message={prizes.error.message} onRetry={prizes.retry} /> : null}
      {won && won.length === 0 ? <p className="muted">{t.noPrizes}</p> : null}
      {won && won.length > 0 ? (
        <ul className="bonus-cards student-boxes-list">
          {won.map((prize) => (
            <li key={prize.id} className="bonus-card student-box">
              {prize.icon ? <img className="bonus-card-logo" src={prize.icon} alt="" loading="lazy" /> : null}
              <strong>{prize.name}</strong>
              {prize.is_used ? (
                <span className="muted">{t.used}</span>
              ) : (
                <button type="button" className="button small" disabled={busy !== null} onClick={() => void use(prize.id)} aria-label={`${t.markUsed}: ${prize.name}`}>
                  {t.markUsed}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
