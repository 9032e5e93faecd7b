import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { CONSOLE_SECTIONS } from './console';

/** The console's own navigation under the store's header, and the page of the section. */
export function ConsoleFrame({
  staff,
  children,
}: {
  staff: { email: string; role: 'staff' | 'admin' };
  children: ReactNode;
}) {
  const sections = CONSOLE_SECTIONS.filter((s) => !s.adminOnly || staff.role === 'admin');
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-bold">Store console</p>
        <p className="text-sm text-muted">
          {staff.email} · {staff.role === 'admin' ? 'Administrator' : 'Staff'}
        </p>
      </div>
      <nav aria-label="Console" className="mt-3 border-b border-border">
        <ul className="flex flex-wrap gap-1">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.to === '/admin'}
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center rounded-t-md px-3 font-bold underline-offset-2 ${
                    isActive ? 'border-b-4 border-brand text-brand' : 'hover:underline'
                  }`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}
