// Paying an event's fee online (POST /api/events/{id}/payments/checkout → Stripe's page) and coming back from it
// (?payment=success|cancelled on the page Stripe returns to). The member's RSVP card and the family page share it.
// In a browser the tab goes to Stripe; inside Telegram, Stripe opens in the phone's browser (a payment page is
// not for a Mini App's web view) and the Mini App waits, refreshing until the payment is confirmed.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from './api-client';
import { useLocation, useNavigate } from './router';
import { openExternalLink } from './telegram-actions';

/** How the checkout went on: this tab left for Stripe, or Telegram opened it in the phone's browser. */
export type CheckoutOpened = 'left' | 'external';

/** Starts a Checkout for the member (no ids) or for the guardian's children, and opens Stripe's page. */
export function useCheckout(eventId: number) {
  return useMutation({
    mutationFn: async (forUserIds?: number[]): Promise<CheckoutOpened> => {
      const { url } = await api.post<{ url: string }>(
        `/api/events/${eventId}/payments/checkout`,
        forUserIds ? { forUserIds } : {},
      );
      if (openExternalLink(url)) return 'external';
      window.location.assign(url);
      return 'left';
    },
  });
}

export type PaymentReturn = 'success' | 'cancelled';

/**
 * What Stripe's return said (?payment=success|cancelled), read once: the query is taken off the address at once
 * (replacing the entry), so a reload or Back does not say it again. `clear` forgets it (the notice closed).
 */
export function usePaymentReturn(): { returned: PaymentReturn | null; eventId: number | null; clear: () => void } {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [found] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    const value = params.get('payment');
    const event = Number(params.get('event'));
    return {
      returned: value === 'success' || value === 'cancelled' ? (value as PaymentReturn) : null,
      eventId: Number.isInteger(event) && event > 0 ? event : null,
    };
  });
  const [returned, setReturned] = useState(found.returned);
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('payment')) return;
    params.delete('payment');
    params.delete('event');
    const rest = params.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}${window.location.hash}`, { replace: true });
  }, [pathname, search, navigate]);
  return { returned, eventId: found.eventId, clear: () => setReturned(null) };
}

/**
 * While `active`, calls `refresh` every `everyMs` up to `times` times (a webhook that has not arrived yet);
 * true once it has given up.
 */
export function useRefreshWhile(active: boolean, refresh: () => unknown, everyMs = 2_000, times = 15): boolean {
  const [tries, setTries] = useState(0);
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!active || tries >= times) return;
    const timer = window.setTimeout(() => {
      void latest.current();
      setTries((count) => count + 1);
    }, everyMs);
    return () => window.clearTimeout(timer);
  }, [active, tries, times, everyMs]);
  return active && tries >= times;
}
