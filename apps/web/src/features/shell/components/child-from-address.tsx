import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '../../../components/toast.ts';
import { childParameter } from '../../../lib/notification-address.ts';
import { useOpenForChild } from '../../auth/index.ts';

/**
 * An address naming a child (`?child=<student id>`: a phone notification, a shared link) opens on that child: a
 * parent's app viewing another switches first; the parameter then leaves the address. A child that is not the
 * account's is refused by the server, and the screen stays on the child viewed.
 */
function useChildFromAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const openForChild = useOpenForChild();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const child = Number(search.get(childParameter));
    if (!search.has(childParameter) || handled.current === location.key) return;
    handled.current = location.key;
    search.delete(childParameter);
    const rest = search.toString();
    const path = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`;
    const stay = () => void navigate(path, { replace: true });
    if (!Number.isInteger(child) || child <= 0) return stay();
    openForChild(child, path, { replace: true }).catch(() => {
      showToast('This child could not be opened.', 'error');
      stay();
    });
  }, [location, navigate, openForChild]);
}

/** Switches a parent's app to the child an address names (`?child=`); its code loads only for such an address. */
export default function ChildFromAddress() {
  useChildFromAddress();
  return null;
}
