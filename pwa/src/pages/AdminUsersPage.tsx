/**
 * /admin-users: find people by name or e-mail (someone without a name is shown as unnamed), rename
 * them, and grant or remove the contributor role.
 */
import { useState } from 'react'
import type { AdminUser } from '../../../contract/schemas/admin.ts'
import { PageFrame } from '../components/PageFrame.tsx'
import { adminApi, adminLists } from '../data/admin/admin-api.ts'
import { adminErrorKey } from '../features/admin/admin-errors.ts'
import { AdminOnly, NotAllowedPage } from '../features/admin/AdminOnly.tsx'
import { AdminTable } from '../features/admin/AdminTable.tsx'
import { RenameUserDialog } from '../features/admin/RenameUserDialog.tsx'
import { SearchBar } from '../features/admin/SearchBar.tsx'
import { StatusMessage, type Outcome } from '../features/admin/StatusMessage.tsx'
import { useCursorList } from '../data/admin/use-cursor-list.ts'
import { useDebouncedValue } from '../features/admin/use-debounced-value.ts'
import { useTranslation } from 'react-i18next'
import { formatDay } from '../components/format-date.ts'

export default function AdminUsersPage() {
  return (
    <AdminOnly>
      <AdminUsers />
    </AdminOnly>
  )
}

function AdminUsers() {
  const { t, i18n } = useTranslation('admin')
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim())
  const list = useCursorList<AdminUser>(adminLists.users(q))
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [savingId, setSavingId] = useState<number | null>(null)
  const [renaming, setRenaming] = useState<AdminUser | null>(null)
  const formatDate = (iso: string) => formatDay(iso, i18n.language)

  if (list.status === 'forbidden') return <NotAllowedPage />

  async function toggleContributor(user: AdminUser) {
    setSavingId(user.id)
    setOutcome(null)
    try {
      const updated = await adminApi.updateUser(user.id, { is_contributor: !user.is_contributor })
      list.replace(updated)
      setOutcome({ kind: 'success', text: updated.is_contributor ? t('users.contributorGranted') : t('users.contributorRemoved') })
    } catch (error) {
      setOutcome({ kind: 'error', text: t(adminErrorKey(error)) })
    } finally {
      setSavingId(null)
    }
  }

  const nameOf = (user: AdminUser) => user.display_name ?? user.email

  return (
    <PageFrame title={t('users.title')} wide>
      <p className="lead">{t('users.intro')}</p>
      <SearchBar label={t('users.search')} placeholder={t('users.searchPlaceholder')} value={search} onChange={setSearch} />
      <StatusMessage outcome={outcome} />
      <AdminTable
        list={list}
        caption={t('users.caption')}
        testId="admin-users-table"
        rowTestId="admin-user-row"
        columns={[t('users.name'), t('users.email'), t('users.roles'), t('users.joined')]}
        empty={q ? t('users.noMatch') : t('users.empty')}
        cells={(user) => (
          <>
            <th scope="row" data-label={t('users.name')} className="cell-title">
              {user.display_name ? <span className="row-title">{user.display_name}</span> : <span className="unnamed">{t('users.unnamed')}</span>}
              <span className="muted row-meta">#{user.id}</span>
            </th>
            <td data-label={t('users.email')} className="cell-email">
              {user.email}
            </td>
            <td data-label={t('users.roles')} className="cell-half">
              <span className="role-tags">
                {user.is_admin ? <span className="role-tag role-admin">{t('roles.admin')}</span> : null}
                {user.is_contributor ? <span className="role-tag role-contributor">{t('roles.contributor')}</span> : null}
                {user.is_premium ? <span className="role-tag role-premium">{t('roles.premium')}</span> : null}
                {!user.is_admin && !user.is_contributor && !user.is_premium ? <span className="muted">{t('roles.learner')}</span> : null}
              </span>
            </td>
            <td data-label={t('users.joined')} className="cell-half">{formatDate(user.created_at)}</td>
            <td className="cell-actions">
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('users.renameFor', { name: nameOf(user) })}
                onClick={() => setRenaming(user)}
              >
                {t('users.rename')}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={
                  user.is_contributor ? t('users.removeContributorFor', { name: nameOf(user) }) : t('users.makeContributorFor', { name: nameOf(user) })
                }
                disabled={savingId === user.id}
                onClick={() => void toggleContributor(user)}
              >
                {user.is_contributor ? t('users.removeContributor') : t('users.makeContributor')}
              </button>
            </td>
          </>
        )}
      />
      {renaming ? (
        <RenameUserDialog
          user={renaming}
          onClose={() => setRenaming(null)}
          onSaved={(user) => {
            list.replace(user)
            setOutcome({ kind: 'success', text: t('users.nameUpdated') })
          }}
        />
      ) : null}
    </PageFrame>
  )
}
