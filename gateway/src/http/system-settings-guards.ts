import { AppError } from '@parley/contracts';
import type { RequestHandler } from 'express';
import { callerOf } from '../auth/caller';
import type { SystemSettingsSource } from '../settings/system-settings-cache';

export const MAINTENANCE_MESSAGE = 'Parley is down for maintenance. Please try again later.';
export const REGISTRATION_DISABLED_MESSAGE = 'Registration is currently disabled';
export const LOGIN_DISABLED_MESSAGE = 'Login is currently disabled';

/**
 * Paths (below /api) that keep answering in maintenance mode: the settings and plans the frontend
 * needs to show the maintenance page, and the session routes an admin needs to get in.
 */
const MAINTENANCE_EXEMPT = new Set([
  '/system-settings',
  '/plans',
  '/auth/login',
  '/auth/refresh',
  '/auth/logout',
]);

/** express matches paths case-insensitively and ignores one trailing slash; so does this. */
export function isMaintenanceExempt(pathBelowApi: string): boolean {
  const normalised = pathBelowApi.toLowerCase().replace(/\/+$/, '');
  return MAINTENANCE_EXEMPT.has(normalised);
}

export const maintenanceError = () => new AppError('unavailable', MAINTENANCE_MESSAGE, [], 'MAINTENANCE');
export const registrationDisabledError = () =>
  new AppError('forbidden', REGISTRATION_DISABLED_MESSAGE, [], 'REGISTRATION_DISABLED');
export const loginDisabledError = () =>
  new AppError('forbidden', LOGIN_DISABLED_MESSAGE, [], 'LOGIN_DISABLED');

/** Mounted on /api: with maintenance mode on, only admins get past the exempt routes. */
export function maintenanceGuard(settings: SystemSettingsSource): RequestHandler {
  return async (req, res, next) => {
    if (isMaintenanceExempt(req.path)) return next();
    const { maintenanceMode } = await settings.get();
    if (maintenanceMode && callerOf(res).principal?.role !== 'ADMIN') throw maintenanceError();
    next();
  };
}

/** Mounted on every /api/auth/signup* route. */
export function registrationGuard(settings: SystemSettingsSource): RequestHandler {
  return async (_req, _res, next) => {
    const { registrationEnabled } = await settings.get();
    if (!registrationEnabled) throw registrationDisabledError();
    next();
  };
}
