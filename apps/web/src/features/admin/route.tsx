import { UsersPage } from './components/users-page';

export { GroupDetailPage } from './components/group-detail-page';
export { GroupsPage } from './components/groups-page';

/** /admin/users, /admin/groups and /admin/groups/:groupName: Users & Groups, for admins (issue 4). */
export const Component = UsersPage;
