import { MemberShell } from '../components/layout/MemberShell.tsx';
import { useLogout } from '../features/auth/hooks.ts';

/** The member shell with the auth feature's logout. */
export function MemberArea() {
  const logout = useLogout();
  return <MemberShell onLogout={() => void logout()} />;
}
