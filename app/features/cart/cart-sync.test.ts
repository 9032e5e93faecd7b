// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CART_TAB_HEADER, cartTabId, changeOrigin, ownTabId } from './cart-tab';

/** The stream the cart sync opens, played by the test. */
class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | undefined;
  readyState = 1;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = String(input);
  const body = url.includes('/api/cart') ? { items: [], count: 0 } : { items: [] };
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
});
const cartReads = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/cart').length;

describe('tab ids', () => {
  it('gives this page load one id of the shape the server accepts', () => {
    expect(ownTabId()).toBe(ownTabId());
    expect(cartTabId(ownTabId())).toBe(ownTabId());
    expect(CART_TAB_HEADER).toBe('X-Cart-Tab');
  });

  it('accepts only short tokens as ids', () => {
    for (const bad of ['', 'short', 'x'.repeat(65), 'has space here', '<script>alert(1)</script>', null]) {
      expect(cartTabId(bad)).toBeNull();
    }
    expect(cartTabId('abc-DEF_123')).toBe('abc-DEF_123');
  });

  it('reads the origin of a "changed" event, and none from anything else', () => {
    expect(changeOrigin(JSON.stringify({ origin: 'tab-12345678' }))).toBe('tab-12345678');
    expect(changeOrigin(JSON.stringify({ origin: null }))).toBeNull();
    expect(changeOrigin('1795450000000')).toBeNull();
    expect(changeOrigin('{not json')).toBeNull();
    expect(changeOrigin(JSON.stringify({ origin: 'bad id!' }))).toBeNull();
  });
});

describe('the account cart in step with its "changed" events', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterAll(() => vi.unstubAllGlobals());

  it('reads the cart again for a change made elsewhere, not for one this tab made', async () => {
    const { startCartSync } = await import('./cart-sync');
    startCartSync(true);
    await vi.waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/cart/events'));
    await vi.waitFor(() => expect(cartReads()).toBe(1));
    const stream = FakeEventSource.last!;

    stream.emit('changed', JSON.stringify({ origin: ownTabId() }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cartReads()).toBe(1);

    stream.emit('changed', JSON.stringify({ origin: 'another-tab-0001' }));
    await vi.waitFor(() => expect(cartReads()).toBe(2));
    // Another device, or an older server that names no tab.
    stream.emit('changed', JSON.stringify({ origin: null }));
    await vi.waitFor(() => expect(cartReads()).toBe(3));
  });

  it("sends this tab's id with its cart changes", async () => {
    const { addToCart } = await import('./cart-actions');
    fetchMock.mockClear();
    await addToCart({ id: 'any-product', name: 'Any', price: 100, image: '/x.svg' });
    // The cart's add form, posted to the cart page by its script (docs/decisions/0045).
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/cart')!;
    expect(url).toBe('/cart');
    expect(String(init?.body)).toBe('intent=add&productId=any-product&quantity=1');
    expect(init?.headers).toMatchObject({ [CART_TAB_HEADER]: ownTabId(), Accept: 'application/json' });
  });
});
