import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { PartnerClient } from '../../api/partner';
import {
  type ClientPurchase,
  isCurrencyMismatch,
  type PartnerQuote,
  payForClient,
  quoteForClient,
  useRefreshPartner,
} from '../../api/partner-money';
import { notifySuccess } from '../../components/notify';
import { formatMoney } from '../../i18n/format';
import { currentLanguage, t as translate } from '../../i18n/i18n';

/** Time a dialog waits after the last change before asking for the price. */
const QUOTE_DELAY_MS = 300;

export interface ClientPaymentState {
  quote: PartnerQuote | null;
  /** The quote is for an older choice (or on its way): paying waits. */
  loading: boolean;
  error: unknown;
  paying: boolean;
  /** The client's currency is not the partner's: nothing can be paid from the partner balance. */
  mismatch: boolean;
  canPay: boolean;
  pay: () => Promise<void>;
}

/**
 * The price of a purchase for a client (asked again as the choice settles) and paying it from the
 * partner balance. Each purchase gets a request id once per opening of the dialog, so a double click
 * or a retry after a lost answer pays once.
 */
export function useClientPayment(
  client: PartnerClient | null,
  purchase: ClientPurchase | null,
  onPaid: () => void,
): ClientPaymentState {
  const refresh = useRefreshPartner();
  const clientId = client?.id ?? null;
  const request = clientId && purchase ? JSON.stringify([clientId, purchase]) : '';
  const [debounced] = useDebouncedValue(request, QUOTE_DELAY_MS);
  const [asked, setAsked] = useState(0);
  const [answer, setAnswer] = useState<{ request: string; quote: PartnerQuote | null; error: unknown }>({
    request: '',
    quote: null,
    error: null,
  });
  const [payError, setPayError] = useState<unknown>(null);
  const [paying, setPaying] = useState(false);
  const busy = useRef(false);
  const requestIds = useRef(new Map<string, string>());

  // A new opening (another client, or the same one again after closing) pays with new request ids.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the client's change is the opening.
  useEffect(() => {
    requestIds.current = new Map();
    setPayError(null);
  }, [clientId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` only asks again after a failed payment.
  useEffect(() => {
    if (!debounced) {
      setAnswer({ request: debounced, quote: null, error: null });
      return;
    }
    const [id, body] = JSON.parse(debounced) as [string, ClientPurchase];
    let current = true;
    quoteForClient(id, body).then(
      (quote) => current && setAnswer({ request: debounced, quote, error: null }),
      (error: unknown) => current && setAnswer({ request: debounced, quote: null, error }),
    );
    return () => {
      current = false;
    };
  }, [debounced, asked]);

  const fresh = answer.request === request;
  // While a new price is on its way the last one stays, dimmed.
  const quote = request ? answer.quote : null;
  const mismatch = isCurrencyMismatch(answer.error) || isCurrencyMismatch(payError);
  const canPay =
    fresh && !!answer.quote && answer.quote.missing_minor === 0 && !mismatch && !paying && !!purchase;

  const pay = async () => {
    if (!clientId || !purchase || busy.current) return;
    busy.current = true;
    setPaying(true);
    setPayError(null);
    const key = JSON.stringify(purchase);
    const requestId = requestIds.current.get(key) ?? crypto.randomUUID();
    requestIds.current.set(key, requestId);
    try {
      const paid = await payForClient(clientId, purchase, requestId);
      notifySuccess(
        translate('partner.pay.done', {
          amount: formatMoney(paid.total_minor, answer.quote?.currency ?? 'rub', currentLanguage()),
          name: client?.name ?? '',
        }),
      );
      void refresh();
      onPaid();
    } catch (error) {
      setPayError(error);
      setAsked((times) => times + 1);
    } finally {
      busy.current = false;
      setPaying(false);
    }
  };

  return {
    quote,
    loading: !fresh && !!request,
    error: payError ?? (fresh ? answer.error : null),
    paying,
    mismatch,
    canPay,
    pay,
  };
}
