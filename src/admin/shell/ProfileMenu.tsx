// The profile avatar dropdown (foundation spec, section 2): My profile, Resume, Change password,
// Users, Settings, Sign out. Users and Settings only for module managers. The avatar shows the
// profile image (GET /v1/profile/me: a file reference, or base64 shown as a data URI, JPEG by
// default), else the default avatar (spec section 3).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, Box, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import DefaultAvatarIcon from '@mui/icons-material/Person';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import LockIcon from '@mui/icons-material/LockReset';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout } from 'react-admin';
import { anyGestor } from '../../domain/roles.js';
import { imageDataUri, isFileReference } from '../../domain/profile.js';
import { v1Json } from '../core/api.js';
import { useFileUrl } from '../core/fileUrl.js';
import { canAccessResource, RESET_PASSWORD_ROUTE } from '../core/authProvider.js';
import { useViewer } from '../core/useViewer.js';

export const ADMIN_HOME = '/modulos/admin';
/** Target of the menu's 'Configurações' (the module managers' settings home). */
export const SETTINGS_HOME = '/settings/home';
/** Fired on window after a profile is saved, so that the header avatar reloads. */
export const PROFILE_CHANGED_EVENT = 'intranet:profile-changed';

export interface ProfileImage {
  image_data: string | null;
  image_format: string | null;
}

/** The src of a profile image: an object URL of a stored file, a data URI of base64, or null. */
export function useProfileImageSrc(image: ProfileImage | null | undefined): string | null {
  const data = image?.image_data ?? null;
  const fileId = data && isFileReference(data) ? data : null;
  const { url } = useFileUrl(fileId, 'rh');
  if (fileId) return url;
  return imageDataUri(data, image?.image_format);
}

/** The avatar of a person: their image, else (none, or one that does not load) the default avatar. */
export function ProfileAvatar({ image, name, size, alt }: { image?: ProfileImage | null; name?: string | null; email?: string; size: number; alt?: string }) {
  const src = useProfileImageSrc(image);
  return (
    <Avatar src={src ?? undefined} alt={alt ?? name ?? ''} sx={{ width: size, height: size, bgcolor: 'secondary.main' }} data-has-image={src ? 'true' : 'false'}>
      <DefaultAvatarIcon titleAccess={DEFAULT_AVATAR_LABEL} sx={{ width: '75%', height: '75%' }} data-default-avatar="true" />
    </Avatar>
  );
}

/** The accessible name of the default avatar. */
export const DEFAULT_AVATAR_LABEL = 'Avatar padrão';

/** The signed-in user's image for the header (null while unknown or when there is none). */
function useOwnImage(usuarioId: number | undefined): ProfileImage | null {
  const [image, setImage] = useState<ProfileImage | null>(null);
  useEffect(() => {
    if (!usuarioId) return;
    let cancelled = false;
    const load = () =>
      v1Json<ProfileImage & { usuarioId: number }>('/v1/profile/me')
        .then((me) => !cancelled && setImage({ image_data: me.image_data, image_format: me.image_format }))
        // No image in the header is all a failure costs.
        .catch(() => undefined);
    void load();
    window.addEventListener(PROFILE_CHANGED_EVENT, load);
    return () => {
      cancelled = true;
      window.removeEventListener(PROFILE_CHANGED_EVENT, load);
    };
  }, [usuarioId]);
  return image;
}

export function ProfileMenu() {
  const { roles, session } = useViewer();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const user = session?.user;
  const image = useOwnImage(user?.usuarioId);
  const close = () => setAnchor(null);
  const manager = anyGestor(roles);
  const items = [
    { key: 'profile', label: 'Meu perfil', to: `/users/profile/${user?.usuarioId ?? ''}`, icon: PersonIcon, show: Boolean(user) },
    { key: 'resume', label: 'Currículo', to: '/resume/list', icon: DescriptionIcon, show: true },
    { key: 'password', label: 'Alterar senha', to: RESET_PASSWORD_ROUTE, icon: LockIcon, show: true },
    { key: 'users', label: 'Usuários', to: '/users/list', icon: GroupIcon, show: manager && canAccessResource(roles, 'users', 'list') },
    { key: 'settings', label: 'Configurações', to: SETTINGS_HOME, icon: SettingsIcon, show: manager },
  ].filter((i) => i.show);

  return (
    <>
      <Tooltip title="Perfil">
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label="Menu do perfil" aria-haspopup="menu" sx={{ p: 0.5 }}>
          <ProfileAvatar image={image} name={user?.nome} email={user?.email} size={34} />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {user && (
          <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {user.nome || user.email}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {user.email}
            </Typography>
          </Box>
        )}
        {user && <Divider />}
        {items.map(({ key, label, to, icon: Icon }) => (
          <MenuItem key={key} component={Link} to={to} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sair</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
