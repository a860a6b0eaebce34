import { commonMessages, gamificationMessages, toApiError } from '#core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { SchoolPictureField, type SchoolPicture } from '../../ui/school-picture-field.tsx';
import { FormError, FormField, SubmitButton, TextField } from '../../ui/form-field.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Modal } from '../../ui/modal.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { useFormSubmit, type FieldMessages } from '../../ui/use-form-submit.ts';
import {
  bulkDeleteBoxes,
  bulkUpdateBoxes,
  deleteBox,
  deletePrize,
  listBoxes,
  listPrizes,
  listUserPrizes,
  saveBox,
  savePrize,
  setPrizeUsed,
  WON_PAGE_SIZE,
  type Box,
  type BoxInput,
  type Prize,
  type UserPrize,
} from './boxes-api.ts';
import { useLastData } from './use-last-data.ts';

const t = gamificationMessages;
/** The server's limits (features/gamification/box-routes.ts, prize-routes.ts). */
const MAX_PRICE = 100_000_000;
const MAX_QUANTITY = 1000;
const MAX_GUARANTEE = 100_000;

/** '4,99' or '5' → 499 minor units; null when it is not a price. */
export function parsePrice(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** 499 → '4,99'; 500 → '5'. */
export const priceText = (minor: number) => (minor % 100 === 0 ? String(minor / 100) : `${Math.trunc(minor / 100)},${String(minor % 100).padStart(2, '0')}`);

/** A whole number in [min, max] typed in a field; null when it is not one. */
function wholeIn(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : null;
}

/** '12,5' → 12.5: a percent from 0 to 100 to the hundredth; null otherwise. */
export function parseChance(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths <= 10_000 ? hundredths / 100 : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO moment as the reader's local 'YYYY-MM-DDTHH:mm', for a datetime-local input ('' for none). */
export function localDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO moment; null for an empty field, undefined when it is not a moment. */
export function isoOfLocal(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  return Number.isNaN(date.getTime()) || date.getMonth() !== mo - 1 ? undefined : date.toISOString();
}

const moment = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateTimeText = (iso: string) => moment.format(new Date(iso));

/** Hundredths of a percent, so sums are exact. */
const hundredths = (percent: number) => Math.round(percent * 100);

type Removing = { kind: 'box' | 'prize'; id: number; name: string } | { kind: 'boxes'; ids: number[] };

/**
 * The admin's boxes and prizes (reference §4.13), a section of the settings tab «Бонусы»: the boxes
 * in a table (name, price, boxes per purchase and gift, the last moment of sale, state, prizes),
 * created and changed in a dialog, several switched on, off or deleted at once; the prizes (name,
 * chance, a guarantee every N boxes, state); and the prizes members won, marked used or not.
 * Checked here first, then the server's refusals (such as chances over 100 %, or a box members
 * still hold) under their fields; nothing typed is lost on a refusal.
 */
export default function BoxesAdmin({ school }: { school: string }) {
  const titleId = useId();
  const [version, setVersion] = useState(0);
  const boxes = useResource(`${school}/school_box?admin&v=${version}`, () => listBoxes(school));
  const prizes = useResource(`${school}/school_prize?v=${version}`, () => listPrizes(school));
  const boxList = useLastData(boxes)?.results;
  const prizeList = useLastData(prizes)?.results;
  const [editingBox, setEditingBox] = useState<Box | 'new' | null>(null);
  const [editingPrize, setEditingPrize] = useState<Prize | 'new' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => setVersion((v) => v + 1);

  // Only boxes still listed stay selected.
  const chosen = selected.filter((id) => boxList?.some((box) => box.id === id));
  const prizeNames = new Map((prizeList ?? []).map((prize) => [prize.id, prize.name]));

  async function remove(what: Removing) {
    setBusy(true);
    setRemoveError(null);
    try {
      if (what.kind === 'boxes') await bulkDeleteBoxes(school, what.ids);
      else await (what.kind === 'box' ? deleteBox(school, what.id) : deletePrize(school, what.id));
      setRemoving(null);
      if (what.kind !== 'prize') setSelected((ids) => ids.filter((id) => (what.kind === 'boxes' ? !what.ids.includes(id) : id !== what.id)));
      showToast(t.deleted);
      reload();
    } catch (cause) {
      setRemoveError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  async function switchSelected(on: boolean) {
    setBusy(true);
    try {
      const changed = await bulkUpdateBoxes(
        school,
        chosen.map((id) => ({ id, is_active: on })),
      );
      showToast(t.bulkSaved(changed.length));
      reload();
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  const now = Date.now();
  const allChosen = boxList !== undefined && boxList.length > 0 && chosen.length === boxList.length;
  const boxColumns: DataColumn<Box>[] = [
    {
      key: 'select',
      header: <input type="checkbox" aria-label={t.selectAll} checked={allChosen} onChange={(event) => setSelected(event.target.checked ? (boxList ?? []).map((box) => box.id) : [])} />,
      render: (box) => (
        <input
          type="checkbox"
          aria-label={t.selectBox(box.name)}
          checked={chosen.includes(box.id)}
          onChange={(event) => setSelected((ids) => (event.target.checked ? [...ids, box.id] : ids.filter((id) => id !== box.id)))}
        />
      ),
    },
    {
      key: 'name',
      header: t.columns.name,
      rowHeader: true,
      render: (box) => (
        <>
          {box.icon ? <img className="offer-table-logo" src={box.icon} alt="" loading="lazy" /> : null} {box.name}
        </>
      ),
    },
    { key: 'price', header: t.columns.price, render: (box) => (box.price > 0 ? t.money(box.price, box.currency) : t.notForSale) },
    { key: 'pack', header: t.columns.pack, render: (box) => t.buyCaption(box.quantity, box.bonus_quantity) },
    { key: 'until', header: t.columns.until, render: (box) => (box.auto_deactivation_time ? dateTimeText(box.auto_deactivation_time) : t.noEnd) },
    {
      key: 'state',
      header: t.columns.state,
      render: (box) => (!box.is_active ? t.boxOff : box.auto_deactivation_time && Date.parse(box.auto_deactivation_time) <= now ? t.boxOver : t.boxOn),
    },
    {
      key: 'prizes',
      header: t.columns.prizes,
      render: (box) =>
        (box.prizes ?? [])
          .map((id) => prizeNames.get(id))
          .filter(Boolean)
          .join(', ') || '—',
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.columns.actions}</span>,
      render: (box) => (
        <div className="row-actions">
          <button type="button" className="button small secondary" onClick={() => setEditingBox(box)}>
            {t.edit}
          </button>
          <button
            type="button"
            className="button small secondary danger-text"
            onClick={() => {
              setRemoveError(null);
              setRemoving({ kind: 'box', id: box.id, name: box.name });
            }}
          >
            {t.delete}
          </button>
        </div>
      ),
    },
  ];

  const prizeColumns: DataColumn<Prize>[] = [
    {
      key: 'name',
      header: t.columns.name,
      rowHeader: true,
      render: (prize) => (
        <>
          {prize.icon ? <img className="offer-table-logo" src={prize.icon} alt="" loading="lazy" /> : null} {prize.name}
        </>
      ),
    },
    { key: 'chance', header: t.columns.chance, render: (prize) => t.chance(prize.drop_chance) },
    { key: 'guarantee', header: t.columns.guarantee, render: (prize) => (prize.guaranteed_box_count ? t.every(prize.guaranteed_box_count) : t.noGuarantee) },
    { key: 'state', header: t.columns.state, render: (prize) => (prize.is_active ? t.prizeOn : t.prizeOff) },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.columns.actions}</span>,
      render: (prize) => (
        <div className="row-actions">
          <button type="button" className="button small secondary" onClick={() => setEditingPrize(prize)}>
            {t.edit}
          </button>
          <button
            type="button"
            className="button small secondary danger-text"
            onClick={() => {
              setRemoveError(null);
              setRemoving({ kind: 'prize', id: prize.id, name: prize.name });
            }}
          >
            {t.delete}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="boxes-admin offers-tab" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.adminTitle}</h2>
      <p className="muted">{t.adminIntro}</p>

      <Subsection
        title={t.boxes}
        action={
          <button type="button" className="button primary small" onClick={() => setEditingBox('new')}>
            {t.addBox}
          </button>
        }
      >
        {boxes.error ? <LoadError message={boxes.error.message} onRetry={boxes.retry} /> : null}
        {boxes.status === 'loading' && !boxList ? <p role="status">{commonMessages.loading}</p> : null}
        {boxList && boxList.length > 0 ? (
          <div className="form-actions" role="group" aria-label={t.selected(chosen.length)}>
            <span aria-live="polite">{t.selected(chosen.length)}</span>
            <button type="button" className="button small secondary" disabled={chosen.length === 0 || busy} onClick={() => void switchSelected(true)}>
              {t.bulkOn}
            </button>
            <button type="button" className="button small secondary" disabled={chosen.length === 0 || busy} onClick={() => void switchSelected(false)}>
              {t.bulkOff}
            </button>
            <button
              type="button"
              className="button small secondary danger-text"
              disabled={chosen.length === 0 || busy}
              onClick={() => {
                setRemoveError(null);
                setRemoving({ kind: 'boxes', ids: chosen });
              }}
            >
              {t.bulkDelete}
            </button>
          </div>
        ) : null}
        {boxList ? (
          <DataTable caption={t.boxesCaption} captionHidden className="offers-table" columns={boxColumns} rows={boxList} rowKey={(box) => box.id} empty={<EmptyState title={t.emptyBoxes} text={t.emptyBoxesText} />} />
        ) : null}
      </Subsection>

      <Subsection
        title={t.prizes}
        action={
          <button type="button" className="button primary small" onClick={() => setEditingPrize('new')}>
            {t.addPrize}
          </button>
        }
      >
        {prizes.error ? <LoadError message={prizes.error.message} onRetry={prizes.retry} /> : null}
        {prizes.status === 'loading' && !prizeList ? <p role="status">{commonMessages.loading}</p> : null}
        {prizeList ? (
          <DataTable caption={t.prizesCaption} captionHidden className="offers-table" columns={prizeColumns} rows={prizeList} rowKey={(prize) => prize.id} empty={<EmptyState title={t.emptyPrizes} />} />
        ) : null}
      </Subsection>

      <WonPrizes school={school} />

      {editingBox ? (
        <BoxForm
          school={school}
          box={editingBox === 'new' ? null : editingBox}
          prizes={prizeList ?? []}
          onClose={() => setEditingBox(null)}
          onSaved={() => {
            setEditingBox(null);
            showToast(t.saved);
            reload();
          }}
        />
      ) : null}
      {editingPrize ? (
        <PrizeForm
          school={school}
          prize={editingPrize === 'new' ? null : editingPrize}
          onClose={() => setEditingPrize(null)}
          onSaved={() => {
            setEditingPrize(null);
            showToast(t.saved);
            reload();
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={removing.kind === 'boxes' ? t.bulkDeleteTitle : removing.kind === 'box' ? t.deleteBoxTitle : t.deletePrizeTitle}
          message={removing.kind === 'boxes' ? t.bulkDeleteText(removing.ids.length) : t.deleteText(removing.name)}
          error={removeError}
          confirmLabel={t.delete}
          danger
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

function Subsection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="boxes-admin-part" aria-labelledby={id}>
      <div className="form-actions">
        <h3 id={id}>{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The prizes members of the school won, newest first, a page at a time; each marked used or back. */
function WonPrizes({ school }: { school: string }) {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const won = useResource(`${school}/user_prizes?admin&p=${page}&v=${version}`, () => listUserPrizes(school, page, WON_PAGE_SIZE));
  const data = useLastData(won);

  async function toggle(prize: UserPrize) {
    setBusy(prize.id);
    try {
      await setPrizeUsed(school, prize.id, !prize.is_used);
      showToast(t.saved);
      setVersion((v) => v + 1);
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    } finally {
      setBusy(null);
    }
  }

  const columns: DataColumn<UserPrize>[] = [
    { key: 'member', header: t.columns.member, rowHeader: true, render: (prize) => prize.user_email ?? String(prize.user_id) },
    { key: 'prize', header: t.columns.prizes, render: (prize) => (prize.prize === null ? t.deletedPrize(prize.name) : prize.name) },
    { key: 'received', header: t.columns.received, render: (prize) => dateTimeText(prize.received_at) },
    { key: 'state', header: t.columns.state, render: (prize) => (prize.is_used ? t.used : t.unused) },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t.columns.actions}</span>,
      render: (prize) => (
        <button type="button" className="button small secondary" disabled={busy !== null} onClick={() => void toggle(prize)}>
          {prize.is_used ? t.markUnused : t.markUsed}
        </button>
      ),
    },
  ];

  return (
    <Subsection title={t.wonTitle}>
      {won.error ? <LoadError message={won.error.message} onRetry={won.retry} /> : null}
      {won.status === 'loading' && !data ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <DataTable
          caption={t.wonCaption}
          captionHidden
          className="offers-table"
          columns={columns}
          rows={data.results}
          rowKey={(prize) => prize.id}
          empty={<EmptyState title={t.emptyWon} />}
          page={page}
          count={data.count}
          size={WON_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
    </Subsection>
  );
}

type BoxField = 'name' | 'price' | 'quantity' | 'bonus_quantity' | 'auto_deactivation_time' | 'is_active' | 'icon_file' | 'prizes';
const BOX_FIELDS: readonly BoxField[] = ['name', 'price', 'quantity', 'bonus_quantity', 'auto_deactivation_time', 'is_active', 'icon_file', 'prizes'];

/** A box's form in a dialog: name, price, boxes per purchase and gift, the last moment of sale, its switch, icon and prizes. */
function BoxForm({ school, box, prizes, onSaved, onClose }: { school: string; box: Box | null; prizes: Prize[]; onSaved: () => void; onClose: () => void }) {
  const [name, setName] = useState(box?.name ?? '');
  const [price, setPrice] = useState(box ? priceText(box.price) : '0');
  const [quantity, setQuantity] = useState(String(box?.quantity ?? 1));
  const [bonus, setBonus] = useState(String(box?.bonus_quantity ?? 0));
  const [until, setUntil] = useState(localDateTime(box?.auto_deactivation_time ?? null));
  const [active, setActive] = useState(box?.is_active ?? true);
  const [icon, setIcon] = useState<SchoolPicture | null>(box?.icon_file && box.icon ? { id: box.icon_file, url: box.icon } : null);
  const [chosen, setChosen] = useState<number[]>(box?.prizes ?? []);
  const { errors, formError, saving, submit } = useFormSubmit(BOX_FIELDS, t.invalid);
  const prizesError = useId();

  const sum = prizes.filter((prize) => chosen.includes(prize.id)).reduce((total, prize) => total + hundredths(prize.drop_chance), 0);

  function save(event: FormEvent) {
    event.preventDefault();
    const minor = parsePrice(price);
    const count = wholeIn(quantity, 1, MAX_QUANTITY);
    const gift = wholeIn(bonus, 0, MAX_QUANTITY);
    const deactivation = isoOfLocal(until);
    const local: FieldMessages<BoxField> = {};
    if (!name.trim()) local.name = t.nameRequired;
    if (minor === null) local.price = t.badPrice;
    else if (minor > MAX_PRICE) local.price = t.priceTooHigh;
    if (count === null) local.quantity = t.badQuantity;
    if (gift === null) local.bonus_quantity = t.badBonus;
    if (deactivation === undefined) local.auto_deactivation_time = t.badDate;
    if (sum > 10_000) local.prizes = t.chancesOver;
    // Sent only when every check passed: the values are then all there.
    void submit(local, () => {
      const body: BoxInput = {
        name: name.trim(),
        price: minor!,
        quantity: count!,
        bonus_quantity: gift!,
        auto_deactivation_time: deactivation!,
        is_active: active,
        icon_file: icon?.id ?? null,
        prizes: chosen,
      };
      return saveBox(school, box?.id ?? null, body).then(() => onSaved());
    });
  }

  return (
    <Modal title={box ? t.editBox : t.newBox} onClose={onClose} className="offer-form-dialog">
      <form className="offer-form" onSubmit={save} noValidate>
        <TextField label={t.name} name="name" value={name} onChange={setName} error={errors.name} required maxLength={200} />
        <TextField label={t.price} name="price" value={price} onChange={setPrice} error={errors.price} hint={t.priceHint} inputMode="decimal" maxLength={12} />
        <TextField label={t.quantity} name="quantity" value={quantity} onChange={setQuantity} error={errors.quantity} inputMode="numeric" maxLength={4} />
        <TextField label={t.bonusQuantity} name="bonus_quantity" value={bonus} onChange={setBonus} error={errors.bonus_quantity} inputMode="numeric" maxLength={4} />
        <FormField label={t.deactivation} error={errors.auto_deactivation_time} hint={t.deactivationHint}>
          {(control) => <input {...control} type="datetime-local" name="auto_deactivation_time" value={until} onChange={(event) => setUntil(event.target.value)} />}
        </FormField>
        <label className="check">
          <input type="checkbox" name="is_active" checked={active} onChange={(event) => setActive(event.target.checked)} /> {t.active}
        </label>
        {errors.is_active ? (
          <p className="field-error" role="alert">
            {errors.is_active}
          </p>
        ) : null}
        <SchoolPictureField school={school} title={t.icon} uploadLabel={t.iconUpload} alt={t.iconAlt} picture={icon} error={errors.icon_file} onChange={setIcon} />
        <fieldset aria-describedby={errors.prizes ? prizesError : undefined} aria-invalid={errors.prizes ? true : undefined}>
          <legend>{t.boxPrizes}</legend>
          <p className="muted">{t.boxPrizesHint}</p>
          {prizes.length === 0 ? <p className="muted">{t.noPrizesToChoose}</p> : null}
          {prizes.map((prize) => (
            <label key={prize.id} className="check">
              <input
                type="checkbox"
                checked={chosen.includes(prize.id)}
                onChange={(event) => setChosen((list) => (event.target.checked ? [...list, prize.id] : list.filter((id) => id !== prize.id)))}
              />{' '}
              {prize.name} ({t.chance(prize.drop_chance)})
            </label>
          ))}
          {prizes.length > 0 ? <p aria-live="polite">{t.chancesSum(sum / 100)}</p> : null}
          {errors.prizes ? (
            <p className="field-error" id={prizesError} role="alert">
              {errors.prizes}
            </p>
          ) : null}
        </fieldset>
        <FormError message={formError} />
        <div className="form-actions">
          <SubmitButton busy={saving} label={t.save} busyLabel={t.saving} />
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

type PrizeField = 'name' | 'drop_chance' | 'guaranteed_box_count' | 'is_active' | 'icon_file';
const PRIZE_FIELDS: readonly PrizeField[] = ['name', 'drop_chance', 'guaranteed_box_count', 'is_active', 'icon_file'];

/** A prize's form in a dialog: name, chance, a guarantee every N boxes, its switch and icon. */
function PrizeForm({ school, prize, onSaved, onClose }: { school: string; prize: Prize | null; onSaved: () => void; onClose: () => void }) {
  const [name, setName] = useState(prize?.name ?? '');
  const [chance, setChance] = useState(prize ? String(prize.drop_chance).replace('.', ',') : '0');
  const [every, setEvery] = useState(prize?.guaranteed_box_count ? String(prize.guaranteed_box_count) : '');
  const [active, setActive] = useState(prize?.is_active ?? true);
  const [icon, setIcon] = useState<SchoolPicture | null>(prize?.icon_file && prize.icon ? { id: prize.icon_file, url: prize.icon } : null);
  const { errors, formError, saving, submit } = useFormSubmit(PRIZE_FIELDS, t.invalid);

  function save(event: FormEvent) {
    event.preventDefault();
    const percent = parseChance(chance);
    const guaranteed = every.trim() === '' ? null : wholeIn(every, 1, MAX_GUARANTEE);
    const local: FieldMessages<PrizeField> = {};
    if (!name.trim()) local.name = t.nameRequired;
    if (percent === null) local.drop_chance = t.badChance;
    if (every.trim() !== '' && guaranteed === null) local.guaranteed_box_count = t.badGuarantee;
    void submit(local, () => savePrize(school, prize?.id ?? null, { name: name.trim(), drop_chance: percent!, guaranteed_box_count: guaranteed, is_active: active, icon_file: icon?.id ?? null }).then(() => onSaved()));
  }

  return (
    <Modal title={prize ? t.editPrize : t.newPrize} onClose={onClose} className="offer-form-dialog">
      <form className="offer-form" onSubmit={save} noValidate>
        <TextField label={t.name} name="name" value={name} onChange={setName} error={errors.name} required maxLength={200} />
        <TextField label={t.dropChance} name="drop_chance" value={chance} onChange={setChance} error={errors.drop_chance} hint={t.dropChanceHint} inputMode="decimal" maxLength={6} />
        <TextField label={t.guaranteed} name="guaranteed_box_count" value={every} onChange={setEvery} error={errors.guaranteed_box_count} hint={t.guaranteedHint} inputMode="numeric" maxLength={6} />
        <label className="check">
          <input type="checkbox" name="is_active" checked={active} onChange={(event) => setActive(event.target.checked)} /> {t.prizeActive}
        </label>
        {errors.is_active ? (
          <p className="field-error" role="alert">
            {errors.is_active}
          </p>
        ) : null}
        <SchoolPictureField school={school} title={t.icon} uploadLabel={t.iconUpload} alt={t.iconAlt} picture={icon} error={errors.icon_file} onChange={setIcon} />
        <FormError message={formError} />
        <div className="form-actions">
          <SubmitButton busy={saving} label={t.save} busyLabel={t.saving} />
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
