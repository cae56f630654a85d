/** The account page's data, devices and deletion sections, as a person uses them. */
import type { Locator, Page } from '@playwright/test'

export class AccountSections {
  readonly downloadJson: Locator
  readonly downloadCsv: Locator
  readonly devices: Locator
  readonly deviceRows: Locator
  readonly thisDevice: Locator
  readonly signOutOthers: Locator
  readonly deleteStart: Locator
  readonly deleteDialog: Locator
  readonly sendCode: Locator
  readonly code: Locator
  readonly understand: Locator
  readonly deleteForever: Locator

  constructor(readonly page: Page) {
    this.downloadJson = page.getByRole('button', { name: 'Download my data (JSON)' })
    this.downloadCsv = page.getByRole('button', { name: 'Watch history (CSV)' })
    this.devices = page.getByTestId('account-devices')
    this.deviceRows = this.devices.getByTestId('device')
    this.thisDevice = this.devices.locator('[data-current="true"]')
    this.signOutOthers = page.getByRole('button', { name: 'Sign out everywhere else' })
    this.deleteStart = page.getByRole('button', { name: 'Delete my account…' })
    this.deleteDialog = page.getByTestId('delete-account-dialog')
    this.sendCode = this.deleteDialog.getByRole('button', { name: 'E-mail me the code' })
    this.code = this.deleteDialog.getByLabel('Code from the e-mail')
    this.understand = this.deleteDialog.getByLabel(/I understand/)
    this.deleteForever = this.deleteDialog.getByRole('button', { name: 'Delete my account forever' })
  }

  /** The "Sign out" button of the first device that is not this one. */
  signOutOtherDevice(): Locator {
    return this.devices.locator('[data-current="false"]').first().getByRole('button', { name: /^Sign out / })
  }
}
