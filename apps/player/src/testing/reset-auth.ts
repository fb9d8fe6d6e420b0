// Every test that signs in leaves the shared auth store, storage and stubs as it found them.
import { vi } from 'vitest';
import { logout, useAuthStore } from '../shared/auth/auth-store';

export function resetAuth(): void {
  logout();
  useAuthStore.setState({ logoutReason: null });
  localStorage.clear();
  vi.unstubAllGlobals();
}
