import { useNavigate } from 'react-router';
import { notify } from '~/lib/toast';
import type { AddressAnswer } from '~/commerce/delivery/address-book';

export const BOOK = '/account#address-book';

/** After a change: the list as it is now, the form closed, and the shopper told. */
export function useDone() {
  const navigate = useNavigate();
  return (answer: AddressAnswer, focus?: HTMLElement | null) => {
    if (!answer.ok) {
      if (answer.message) notify.error(answer.message);
      return;
    }
    notify.success(answer.message ?? '');
    void Promise.resolve(navigate(BOOK, { replace: true, preventScrollReset: true })).then(() =>
      focus?.focus(),
    );
  };
}
