'use client';

// The icons of the public pages (landing, marketing, status, not-found), apart from
// components/icons.ts: a server component's import of a 'use client' module ships every export
// of that module to the browser, so the landing page took all of the dashboard's icons with it.
export {
  ArrowRightOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CheckCircleFilled,
  CheckOutlined,
  ClockCircleOutlined,
  CloseCircleFilled,
  CloseOutlined,
  CompassOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  EnvironmentOutlined,
  GithubFilled,
  InboxOutlined,
  LinkedinFilled,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MoonOutlined,
  ReloadOutlined,
  RobotFilled,
  RobotOutlined,
  RocketOutlined,
  SearchOutlined,
  SendOutlined,
  SkinOutlined,
  SunOutlined,
  TeamOutlined,
  ThunderboltFilled,
  ToolOutlined,
  XOutlined,
  YoutubeFilled,
} from '@ant-design/icons';
