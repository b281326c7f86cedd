/**
 * Deno code the bootstrap runs before the function: a `node:net` server (and so a `node:http` one) that may not
 * listen gets Node's answer, an 'error' event with code EACCES, and the function goes on serving.
 *
 * Deno's `node:net` checks its net permission while it creates the listening handle, in the tick after `listen()`,
 * and lets the NotCapable error escape from there: nothing in the function can catch it, so the worker died and the
 * call answered 502. Every address a function might listen on is denied (`--deny-net`: loopback, the wildcard
 * addresses, this machine's own), so any `server.listen(...)` did that. Node reports a refused listen as an 'error'
 * event instead; the step that throws is wrapped to do the same. What the guard's listen() hook refuses already
 * arrives that way (an error code, not a throw).
 *
 * `node:dgram` did the same from its bind (explicit, or the implicit one before a first send or connect, on the
 * denied wildcard address): its UDP handle's bind threw in a later tick. The handle's bind now answers Node's error
 * code (EACCES), which dgram turns into its 'error' event or the callback's error, as Node does.
 */
export const NODE_LISTEN_ERRORS_SOURCE = `import { Server as NodeNetServer } from 'node:net'
import { nextTick } from 'node:process'

const setupListenHandle = NodeNetServer.prototype._listen2
NodeNetServer.prototype._listen2 = function (address, port, ...rest) {
  try {
    return setupListenHandle.call(this, address, port, ...rest)
  } catch (cause) {
    if (!(cause instanceof Deno.errors.NotCapable || cause instanceof Deno.errors.PermissionDenied)) throw cause
    // as Node words it: a wildcard listen names 0.0.0.0, a port shows only when one was asked for
    const host = address || '0.0.0.0'
    const error = new Error('listen EACCES: permission denied ' + (port > 0 ? host + ':' + port : host), { cause })
    Object.assign(error, { code: 'EACCES', errno: -13, syscall: 'listen', address: host, ...(port > 0 ? { port } : {}) })
    this._handle?.close?.()
    this._handle = null
    nextTick(() => this.emit('error', error))
  }
}

import { createSocket as createUdpSocket } from 'node:dgram'

const UV_EACCES = -13
const udpProbe = createUdpSocket('udp4')
const udpState = Object.getOwnPropertySymbols(udpProbe).find((key) => key.description === 'kStateSymbol')
const udpHandlePrototype = udpState && udpProbe[udpState]?.handle && Object.getPrototypeOf(udpProbe[udpState].handle)
for (const method of ['bind', 'bind6']) {
  const bindHandle = udpHandlePrototype?.[method]
  if (typeof bindHandle !== 'function') continue
  udpHandlePrototype[method] = function (...args) {
    try {
      return bindHandle.apply(this, args)
    } catch (cause) {
      if (!(cause instanceof Deno.errors.NotCapable || cause instanceof Deno.errors.PermissionDenied)) throw cause
      return UV_EACCES
    }
  }
}
udpProbe.close()
`
