import { Avatar } from 'antd';
import { AVATAR_SIZE } from '@rtms/shared/constants';
import { initialsOf } from '@rtms/shared/display-name';

/** The avatar: size 50, initials from displayName, or from the email when there is no name. */
export function UserAvatar({ user }: { user: { firstName?: string; lastName?: string; email?: string } }) {
  return (
    <Avatar size={AVATAR_SIZE} className="user-avatar" aria-hidden>
      {initialsOf(user)}
    </Avatar>
  );
}
