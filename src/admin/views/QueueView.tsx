/** One queue: filters, the sortable table with row actions, paging, and the confirmation dialog of an action. */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueViewModel } from '../viewModels/QueueViewModel';

const ConfirmDialog = observer(function ConfirmDialog({ vm }: { vm: QueueViewModel }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const pending = vm.pending;
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (pending !== null && !element.open) element.showModal();
    if (pending === null && element.open) element.close();
  }, [pending]);
  const name = pending && !pending.whole ? vm.definition.name(pending.item as never) : '';
  return (
    <dialog ref={dialog} className="admin-dialog" aria-labelledby="confirm-title" onCancel={() => vm.cancel()}>
      {pending && (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            void vm.confirm();
          }}
        >
          <h2 id="confirm-title">{t('admin.actionOn', { action: t(pending.action.label), name })}</h2>
          <p>{t(pending.action.confirm, { name })}</p>
          {pending.action.reason && (
            <label className="admin-field">
              <span>{t('admin.reason')}</span>
              <textarea
                value={pending.reason}
                maxLength={500}
                required
                onChange={(event) => vm.setReason(event.target.value)}
              />
            </label>
          )}
          {pending.action.choice && (
            <label className="admin-field">
              <span>{t(pending.action.choice.label)}</span>
              <select value={pending.choice} onChange={(event) => vm.setChoice(event.target.value)}>
                {pending.action.choice.options.map(([value, label]) => (
                  <option key={value} value={value}>
                    {t(label)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {pending.action.upload && (
            <label className="admin-field">
              <span>{t('admin.exportFile')}</span>
              <input
                type="file"
                accept="application/json,.json"
                required
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void file.text().then((text) => vm.setFile(file.name, text));
                }}
              />
            </label>
          )}
          {pending.error && (
            <p className="admin-error" role="alert">
              {t(pending.error)}
              {pending.errorDetail && (
                <span className="admin-error-detail" lang="en" dir="ltr">
                  {pending.errorDetail}
                </span>
              )}
            </p>
          )}
          <div className="admin-dialog-buttons">
            <button type="button" onClick={() => vm.cancel()}>
              {t('admin.cancel')}
            </button>
            <button type="submit" className="primary" disabled={!vm.canConfirm}>
              {t('admin.confirmButton')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
});

const QueueView = observer(function QueueView({ vm }: { vm: QueueViewModel }) {
  const { t, i18n } = useTranslation();
  const { definition } = vm;
  const hasActions = definition.actions.length > 0;
  return (
    <section aria-labelledby="queue-title">
      <h1 id="queue-title">{t(definition.title)}</h1>
      {definition.filters.length > 0 && (
        <form
          className="admin-filters"
          onSubmit={(event) => {
            event.preventDefault();
            vm.search();
          }}
        >
          <fieldset>
            <legend>{t('admin.filtersLegend')}</legend>
            {definition.filters.map((filter) => (
              <label key={filter.name} className="admin-field">
                <span>{t(filter.label)}</span>
                {filter.kind === 'select' ? (
                  <select
                    name={filter.name}
                    value={vm.filters[filter.name] ?? ''}
                    onChange={(event) => vm.setFilter(filter.name, event.target.value)}
                  >
                    {filter.options!.map(([value, label]) => (
                      <option key={value} value={value}>
                        {t(label)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    name={filter.name}
                    type={filter.kind === 'date' ? 'date' : 'search'}
                    value={vm.filters[filter.name] ?? ''}
                    onChange={(event) => vm.setFilter(filter.name, event.target.value)}
                  />
                )}
              </label>
            ))}
            <button type="submit">{t('admin.apply')}</button>
          </fieldset>
        </form>
      )}
      {vm.toolbarActions.length > 0 && (
        <div className="admin-toolbar">
          {vm.toolbarActions.map((action) => (
            <button key={action.name} type="button" onClick={() => vm.startWhole(action)}>
              {t(action.label)}
            </button>
          ))}
        </div>
      )}
      <p className="admin-notice" role="status">
        {vm.notice ? t(vm.notice) : ''}
      </p>
      {vm.state.kind === 'error' && (
        <p className="admin-error" role="alert">
          {t('admin.errors.load', { code: vm.state.code })}
        </p>
      )}
      <div className="admin-table-wrap" aria-busy={vm.state.kind === 'loading'}>
        <table>
          <caption className="visually-hidden">{t(definition.title)}</caption>
          <thead>
            <tr>
              {definition.columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    column.sort && vm.sort === column.sort
                      ? vm.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {column.sort ? (
                    <button
                      type="button"
                      className="admin-sort"
                      onClick={() => vm.sortBy(column.sort!)}
                      aria-label={t('admin.sortBy', { column: t(column.label) })}
                    >
                      {t(column.label)}
                      <span aria-hidden="true">
                        {vm.sort === column.sort ? (vm.order === 'asc' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </button>
                  ) : (
                    t(column.label)
                  )}
                </th>
              ))}
              {hasActions && <th scope="col">{t('admin.actionsColumn')}</th>}
            </tr>
          </thead>
          <tbody>
            {vm.items.map((item) => (
              <tr key={String(item.id)}>
                {definition.columns.map((column) => {
                  const value = column.value(item as never, i18n.language);
                  return (
                    <td key={column.key} data-label={t(column.label)}>
                      {column.code ? <code>{value}</code> : column.translate ? t(value) : value}
                    </td>
                  );
                })}
                {hasActions && (
                  <td data-label={t('admin.actionsColumn')}>
                    <div className="admin-actions">
                      {vm.actionsFor(item).map((action) => (
                        <button
                          key={action.name}
                          type="button"
                          onClick={() => vm.start(action, item)}
                          aria-label={t('admin.actionOn', {
                            action: t(action.label),
                            name: definition.name(item as never),
                          })}
                        >
                          {t(action.label)}
                        </button>
                      ))}
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {vm.state.kind === 'ready' && vm.items.length === 0 && <p>{t('admin.empty')}</p>}
        {vm.state.kind === 'loading' && <p role="status">{t('admin.loading')}</p>}
      </div>
      <nav className="admin-pager" aria-label={t('admin.page', { page: vm.page, pages: vm.pages })}>
        <button type="button" onClick={() => vm.goTo(vm.page - 1)} disabled={vm.page <= 1}>
          {t('admin.previous')}
        </button>
        <span>
          {t('admin.page', { page: vm.page, pages: vm.pages })} · {t('admin.total', { count: vm.total })}
        </span>
        <button type="button" onClick={() => vm.goTo(vm.page + 1)} disabled={vm.page >= vm.pages}>
          {t('admin.next')}
        </button>
      </nav>
      <ConfirmDialog vm={vm} />
    </section>
  );
});

export default QueueView;
