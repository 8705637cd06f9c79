import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../shared/constants.js';
import { SESSION_ABSOLUTE_MS } from '../auth/sessions.js';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MS } from '../auth/known-devices.js';

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000) });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Marks this browser as one that signed in to the account (see known-devices.ts). */
export function setKnownDeviceCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: Math.floor(KNOWN_DEVICE_MS / 1000) });
}
