import { coursesMessages, toApiError } from '#core';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { createFolder, deleteFolder, renameFolder, type CourseQuery, type Folder } from './course-api.ts';

const t = coursesMessages;

export interface FolderBarProps {
  school: string;
  folders: readonly Folder[];
  value: CourseQuery['folder'];
  onChange: (value: CourseQuery['folder']) => void;
  /** The folders changed on the server: read them (and the courses) again. */
  onFoldersChanged: () => void;
  /** Whether folders may be created, renamed and deleted (admins). */
  manage: boolean;
}

type Editing = { kind: 'create' } | { kind: 'rename'; folder: Folder };

/** The folder filter (all, each folder, without folder) and, for admins, the folder's own actions. */
export function FolderBar({ school, folders, value, onChange, onFoldersChanged, manage }: FolderBarProps) {
  const id = useId();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const current = typeof value === 'number' ? (folders.find((folder) => folder.id === value) ?? null) : null;

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteFolder(school, deleting.id);
      setDeleting(null);
      onChange('all');
      onFoldersChanged();
    } catch (cause) {
      setDeleteError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="folder-bar">
      <label htmlFor={`${id}-folder`}>{t.folderFilter}</label>
      <select
        id={`${id}-folder`}
        value={String(value)}
        onChange={(event) => {
          const next = event.target.value;
          onChange(next === 'all' || next === 'none' ? next : Number(next));
        }}
      >
        <option value="all">{t.allFolders}</option>
        {folders.map((folder) => (
          <option key={folder.id} value={String(folder.id)}>
            {folder.name} ({folder.courses_count})
          </option>
        ))}
        <option value="none">{t.withoutFolder}</option>
      </select>
      {manage ? (
        <>
          <button type="button" className="button small secondary" onClick={() => setEditing({ kind: 'create' })}>
            + {t.newFolder}
          </button>
          {current ? (
            <>
              <button type="button" className="button small secondary" onClick={() => setEditing({ kind: 'rename', folder: current })}>
                {t.renameFolder}
              </button>
              <button
                type="button"
                className="button small secondary"
                onClick={() => {
                  setDeleteError(null);
                  setDeleting(current);
                }}
              >
                {t.deleteFolder}
              </button>
            </>
          ) : null}
        </>
      ) : null}
      {editing ? (
        <FolderNameModal
          title={editing.kind === 'create' ? t.newFolder : t.renameFolder}
          initial={editing.kind === 'rename' ? editing.folder.name : ''}
          onSave={async (name) => {
            const folder = editing.kind === 'create' ? await createFolder(school, name) : await renameFolder(school, editing.folder.id, name);
            setEditing(null);
            onFoldersChanged();
            if (editing.kind === 'create') onChange(folder.id);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t.deleteFolder}
          message={t.deleteFolderText(deleting.name)}
          error={deleteError}
          confirmLabel={t.delete}
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

function FolderNameModal({ title, initial, onSave, onClose }: { title: string; initial: string; onSave: (name: string) => Promise<void>; onClose: () => void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(t.nameRequired);
      return;
    }
    setBusy(true);
    try {
      await onSave(name.trim());
    } catch (cause) {
      const problem = toApiError(cause);
      setError(problem.fieldMessage('name') ?? problem.message);
      setBusy(false);
    }
  }

  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t.folderName} name="name" value={name} onChange={setName} error={error} required maxLength={256} />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
