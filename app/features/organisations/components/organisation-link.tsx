import { Link } from 'react-router';

/** On /account: the organisation's page for a member, the application for everyone else. */
export function OrganisationLink({ member }: { member: boolean }) {
  return (
    <Link to="/account/organisation" className="text-brand font-bold underline underline-offset-2">
      {member ? 'Organisation' : 'Apply for an organisation account'}
    </Link>
  );
}
