// Icons named in records (a news category's 'icone': Material Icons names such as 'campaign') and in
// schemas (a row action's icon): the common ones drawn from @mui/icons-material, any other shown by a
// generic tag icon.
import type { SvgIconProps } from '@mui/material';
import Campaign from '@mui/icons-material/Campaign';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import Event from '@mui/icons-material/Event';
import Work from '@mui/icons-material/Work';
import School from '@mui/icons-material/School';
import Celebration from '@mui/icons-material/Celebration';
import Newspaper from '@mui/icons-material/Newspaper';
import Info from '@mui/icons-material/Info';
import Favorite from '@mui/icons-material/Favorite';
import Star from '@mui/icons-material/Star';
import Groups from '@mui/icons-material/Groups';
import Business from '@mui/icons-material/Business';
import Build from '@mui/icons-material/Build';
import Computer from '@mui/icons-material/Computer';
import Wifi from '@mui/icons-material/Wifi';
import Router from '@mui/icons-material/Router';
import Phone from '@mui/icons-material/Phone';
import Email from '@mui/icons-material/Email';
import Home from '@mui/icons-material/Home';
import Public from '@mui/icons-material/Public';
import LocalShipping from '@mui/icons-material/LocalShipping';
import AttachMoney from '@mui/icons-material/AttachMoney';
import SportsSoccer from '@mui/icons-material/SportsSoccer';
import HealthAndSafety from '@mui/icons-material/HealthAndSafety';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Lightbulb from '@mui/icons-material/Lightbulb';
import Announcement from '@mui/icons-material/Announcement';
import Handshake from '@mui/icons-material/Handshake';
import Cake from '@mui/icons-material/Cake';
import Label from '@mui/icons-material/Label';
import Article from '@mui/icons-material/Article';
import Notifications from '@mui/icons-material/Notifications';
import Security from '@mui/icons-material/Security';
import Storefront from '@mui/icons-material/Storefront';
// Row actions of the schemas (x-intranet.actions[].icon).
import LanguageIcon from '@mui/icons-material/Language';
import CasinoIcon from '@mui/icons-material/Casino';
import VisibilityIcon from '@mui/icons-material/Visibility';
import LinkIcon from '@mui/icons-material/Link';
import AssessmentIcon from '@mui/icons-material/Assessment';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import ListIcon from '@mui/icons-material/List';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleIcon from '@mui/icons-material/People';
import BarChartIcon from '@mui/icons-material/BarChart';
import PlaceIcon from '@mui/icons-material/Place';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import DescriptionIcon from '@mui/icons-material/Description';
import MapIcon from '@mui/icons-material/Map';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SendIcon from '@mui/icons-material/Send';
import BlockIcon from '@mui/icons-material/Block';
import RuleIcon from '@mui/icons-material/Rule';
import PreviewIcon from '@mui/icons-material/Preview';
import OutboxIcon from '@mui/icons-material/Outbox';
import InventoryIcon from '@mui/icons-material/Inventory';

const ICONS: Record<string, typeof Label> = {
  campaign: Campaign,
  event: Event,
  work: Work,
  school: School,
  celebration: Celebration,
  newspaper: Newspaper,
  info: Info,
  favorite: Favorite,
  star: Star,
  groups: Groups,
  business: Business,
  build: Build,
  computer: Computer,
  wifi: Wifi,
  router: Router,
  phone: Phone,
  email: Email,
  home: Home,
  public: Public,
  local_shipping: LocalShipping,
  attach_money: AttachMoney,
  sports_soccer: SportsSoccer,
  health_and_safety: HealthAndSafety,
  emoji_events: EmojiEvents,
  lightbulb: Lightbulb,
  announcement: Announcement,
  handshake: Handshake,
  cake: Cake,
  label: Label,
  article: Article,
  notifications: Notifications,
  security: Security,
  storefront: Storefront,
  language: LanguageIcon,
  casino: CasinoIcon,
  visibility: VisibilityIcon,
  link: LinkIcon,
  assessment: AssessmentIcon,
  restart_alt: RestartAltIcon,
  verified: VerifiedIcon,
  content_copy: ContentCopyIcon,
  download: DownloadIcon,
  list: ListIcon,
  pause: PauseIcon,
  play_arrow: PlayArrowIcon,
  playlist_add: PlaylistAddIcon,
  open_in_new: OpenInNewIcon,
  people: PeopleIcon,
  bar_chart: BarChartIcon,
  place: PlaceIcon,
  location_on: LocationOnIcon,
  description: DescriptionIcon,
  map: MapIcon,
  receipt: ReceiptIcon,
  send: SendIcon,
  block: BlockIcon,
  rule: RuleIcon,
  preview: PreviewIcon,
  outbox: OutboxIcon,
  inventory: InventoryIcon,
  exit_to_app: ExitToAppIcon,
};

/** Fields holding an icon's name. */
export const isIconNameField = (field: string) => /^(icone|icon|icones)$/i.test(field);

/** Material Icons names come in snake_case; 'Campaign' or 'campaign-outlined' are read alike. */
const keyOf = (name: string) => name.trim().replace(/([a-z])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase().replace(/_(outlined|rounded|sharp|two_?tone)$/, '');

/** Whether a name is one of the icons drawn here (a schema's action icon must be: a test checks them). */
export const isKnownIcon = (name: string) => keyOf(name) in ICONS;

export function NamedIcon({ icon: name, ...props }: { icon: string | null | undefined } & SvgIconProps) {
  const Icon = (name && ICONS[keyOf(name)]) || Label;
  return <Icon aria-label={name ?? undefined} {...props} />;
}
