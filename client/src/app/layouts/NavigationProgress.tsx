import { useNavigation } from 'react-router';

/** Thin bar at the top while a lazy screen is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'loading' ? <div className="nav-progress" aria-hidden="true" /> : null;
}
