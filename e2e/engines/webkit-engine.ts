/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver) and selenium-webdriver, on an X
 * display of its own: an Xvfb this file starts (it picks a free display number itself, -displayfd) and
 * stops. WebDriver classic has no network emulation, so WebKit is only ever cut by the tunnel.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver'
import { findAndTag, SILENCE_LIFECYCLE, type EngineBrowser, type Query, type Tab } from './driver.ts'

export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

function onPath(command: string): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(':')) {
    const candidate = `${folder}/${command}`
    if (fs.existsSync(candidate)) return candidate
  }
  return undefined
}

export function webkitMissing(): string | undefined {
  if (!onPath('WebKitWebDriver')) return 'WebKitWebDriver is not installed (Debian: webkit2gtk-driver)'
  if (!onPath('Xvfb')) return 'Xvfb is not installed (Debian: xvfb)'
  if (!fs.existsSync(MINIBROWSER_PATH)) return `${MINIBROWSER_PATH} is not installed`
  return undefined
}

/** Starts Xvfb on a display number it chooses itself (written to fd 3 once it accepts connections). */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] })
  const display = await new Promise<string>((resolve, reject) => {
    let text = ''
    let errors = ''
    xvfb.stderr!.on('data', (chunk) => (errors += chunk))
    xvfb.stdio[3]!.on('data', (chunk) => {
      text += chunk
      if (text.includes('\n')) resolve(`:${text.trim()}`)
    })
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors}`)))
  })
  return { display, process: xvfb }
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function waitForPort(port: number, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})`)
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

export async function launchWebKit(origin: string, viewport: { width: number; height: number }): Promise<EngineBrowser> {
  const xvfb = await startXvfb()
  const port = await freePort()
  const webdriver = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore', env: { ...process.env, DISPLAY: xvfb.display } })
  let driver: WebDriver
  try {
    await waitForPort(port, webdriver)
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] } })
      .build()
    // MiniBrowser's window cannot be narrower than 447 px: a phone-sized request ends up at 447 wide.
    await driver.manage().window().setRect({ x: 0, y: 0, width: viewport.width, height: viewport.height })
  } catch (error) {
    await stop(webdriver)
    await stop(xvfb.process)
    throw error
  }
  let first: string | undefined = await driver.getWindowHandle()
  return {
    name: 'webkit',
    hasOfflineSwitch: false,
    async newTab() {
      let handle = first
      first = undefined
      if (!handle) {
        await driver.switchTo().newWindow('tab')
        handle = await driver.getWindowHandle()
      }
      return webkitTab(driver, handle, origin)
    },
    async setOffline() {
      // No switch in WebDriver classic: the tunnel alone cuts WebKit.
    },
    async close() {
      await driver.quit().catch(() => undefined)
      await stop(webdriver)
      await stop(xvfb.process)
    },
  }
}

function webkitTab(driver: WebDriver, handle: string, origin: string): Tab {
  const here = () => driver.switchTo().window(handle)
  const tagged = async (query: Query) => {
    await here()
    const selector = await findAndTag((expression) => driver.executeScript(`return ${expression}`), query)
    return driver.findElement(By.css(selector))
  }
  return {
    async goto(target) {
      await here()
      await driver.get(new URL(target, origin).href)
    },
    async reload() {
      await here()
      await driver.navigate().refresh()
    },
    async url() {
      await here()
      return driver.getCurrentUrl()
    },
    async evaluate(fn, arg) {
      await here()
      return (await driver.executeScript(`return (${fn.toString()})(${JSON.stringify(arg ?? null)})`)) as never
    },
    async click(query) {
      const element = await tagged(query)
      try {
        await element.click()
      } catch (error) {
        // WebKitWebDriver sometimes calls a visible element "not interactable": press it with the pointer.
        if (!/not interactable|intercepted/i.test(String(error))) throw error
        await driver.actions({ async: true }).move({ origin: element }).press().release().perform()
      }
    },
    async fill(query, text) {
      const element = await tagged(query)
      // clear() would empty the field behind React's back: select what is there and type over it.
      const hadText = await driver.executeScript('const el = arguments[0]; el.focus(); el.select(); return el.value.length > 0', element)
      if (hadText) await element.sendKeys(Key.BACK_SPACE)
      await element.sendKeys(text)
    },
    async select(query, value) {
      const element = await tagged(query)
      const option = await element.findElement(By.css(`option[value="${value}"]`))
      await option.click()
    },
    async setFile(query, file) {
      const element = await tagged(query)
      await element.sendKeys(file)
    },
    async bringToFront() {
      await here()
    },
    async pressKey(key) {
      await here()
      await driver.actions({ async: true }).sendKeys(key === 'Escape' ? Key.ESCAPE : key === 'Shift' ? Key.SHIFT : key).perform()
    },
    async kill() {
      await here()
      await driver.executeScript(`return ${SILENCE_LIFECYCLE}`)
      await driver.close()
    },
    async close() {
      await here()
      await driver.close()
    },
  }
}
