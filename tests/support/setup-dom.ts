// Setup for the jsdom project (tests/src/**): what Mantine needs from a browser that jsdom lacks, and a clean DOM
// between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's route chunk and data arrive in one or two ticks on a quiet machine, and in more than the library's
// default second on a busy one (two workers and a build on two cores): waitFor and findBy* wait up to 10 s. A test
// that passes takes the same time whatever this budget.
configure({ asyncUtilTimeout: 10_000 });

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, configurable: true });
  }
  if (!window.HTMLElement.prototype.scrollIntoView) window.HTMLElement.prototype.scrollIntoView = () => {};
}

afterEach(() => {
  cleanup();
});
