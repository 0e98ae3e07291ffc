import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

describe('login redirect', () => {
  it('keeps the wanted path with its query', () => {
    expect(loginPathFor('/smartdata/datacapsule?dir=3')).toBe('/login?redirect=%2Fsmartdata%2Fdatacapsule%3Fdir%3D3');
  });

  it('accepts only paths of this console', () => {
    expect(safeRedirect('/home?tab=1')).toBe('/home?tab=1');
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('//evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('/login?redirect=/home')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect('')).toBeNull();
  });
});
