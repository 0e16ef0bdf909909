import { siteApi } from '../../api/site';
import { useRemote } from '../../hooks/useRemote';
import { Carousel } from './Carousel';
import { CoinList } from './CoinList';
import { DownloadBanner } from './DownloadBanner';
import { HomeContent } from './HomeContent';
import { HomeHeader } from './HomeHeader';
import { NoticeBar } from './NoticeBar';
import { NoticePopup } from './NoticePopup';
import { QuickLinks } from './QuickLinks';
import { TopLists } from './TopLists';
import { ConnectionBanner } from '../../components/ConnectionBanner';

const loadHomeContent = () => siteApi.content('home');

const HomeScreen = () => {
  const carousel = useRemote(siteApi.carousel);
  const notices = useRemote(siteApi.notices);
  const pairs = useRemote(siteApi.coinList);
  const content = useRemote(loadHomeContent);
  const popups = useRemote(siteApi.popups);
  return (
    <div className="home">
      <HomeHeader />
      <ConnectionBanner />
      <DownloadBanner />
      <Carousel items={carousel.data ?? []} />
      <NoticeBar notices={notices.data ?? []} />
      <QuickLinks />
      <TopLists />
      <CoinList pairs={pairs.data ?? []} />
      <HomeContent items={content.data ?? []} />
      {popups.data && <NoticePopup popups={popups.data} />}
    </div>
  );
};

export default HomeScreen;
