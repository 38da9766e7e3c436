import type { TrackingRecord } from '@shared/rules/traffic-source.js';
import { atom } from './jotai.js';

export const TRACKING_STORAGE_KEY = 'tracking-record';

export function readStoredTracking(): TrackingRecord | null {
  try {
    const raw = localStorage.getItem(TRACKING_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as TrackingRecord) : null;
  } catch {
    return null;
  }
}

/** Where the visitor came from (spec section 3 "Tracking record"); sent with sign-up. */
export const trackingRecordAtom = atom<TrackingRecord | null>(readStoredTracking());
