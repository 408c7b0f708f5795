import type { SvgIconComponent } from '@mui/icons-material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import WifiOutlined from '@mui/icons-material/WifiOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import StoreOutlined from '@mui/icons-material/StoreOutlined';
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import SensorDoorOutlined from '@mui/icons-material/SensorDoorOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import type { MenuIconName } from '@app/contract/menu';

/** The component for each icon name the menu table uses; the type check proves none is missing. */
export const menuIcons: Record<MenuIconName, SvgIconComponent> = {
  DashboardOutlined,
  SpaceDashboardOutlined,
  InsightsOutlined,
  PeopleAltOutlined,
  HowToRegOutlined,
  PersonOffOutlined,
  ContactPhoneOutlined,
  RequestQuoteOutlined,
  AccountTreeOutlined,
  SellOutlined,
  WifiOutlined,
  AccountBalanceWalletOutlined,
  PaymentsOutlined,
  ReceiptLongOutlined,
  CurrencyExchangeOutlined,
  CategoryOutlined,
  AccountBalanceOutlined,
  BadgeOutlined,
  AdminPanelSettingsOutlined,
  GroupsOutlined,
  StoreOutlined,
  MeetingRoomOutlined,
  RouterOutlined,
  SensorsOutlined,
  TuneOutlined,
  ForumOutlined,
  SensorDoorOutlined,
  FactCheckOutlined,
  FingerprintOutlined,
  AutoAwesomeOutlined,
};
