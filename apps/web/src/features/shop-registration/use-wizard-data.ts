import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '../../lib/query.ts';
import type { MyShop } from './wizard-api.ts';
import { wizardApi } from './wizard-api.ts';
import {
  type Address,
  emptyData,
  fromRegistration,
  loadData,
  storeData,
  type WizardData,
} from './wizard-state.ts';

/**
 * The wizard's values for one shop: kept in sessionStorage per shop while typed, and replaced once per shop by what
 * the server saved (another tab or device may have saved it).
 */
export function useWizardData(storeId: string | null, shop: MyShop | undefined) {
  const [loadedFor, setLoadedFor] = useState(storeId);
  const [data, setData] = useState<WizardData>(() => (storeId && loadData(storeId)) || emptyData());
  if (loadedFor !== storeId) {
    setLoadedFor(storeId);
    setData((storeId && loadData(storeId)) || emptyData());
  }
  // Every step shows what the server saved (another tab or device may have saved it): read once per shop.
  const saved = useQuery({
    queryKey: ['shop-registration', 'registration', storeId],
    queryFn: ({ signal }) => wizardApi.registration(storeId ?? '', signal),
    enabled: !!storeId && !!shop,
    staleTime: 0,
    gcTime: 0,
  });
  const [appliedFor, setAppliedFor] = useState<string | null>(null);
  const server = saved.data;
  if (storeId && server?.id === storeId && !saved.isFetching && appliedFor !== storeId) {
    setAppliedFor(storeId);
    setData((d) => fromRegistration(server, d));
  }
  useEffect(() => {
    if (storeId) storeData(storeId, data);
  }, [storeId, data]);

  const update = useCallback(
    <K extends keyof WizardData>(
      key: K,
      patch: Partial<WizardData[K]> | ((v: WizardData[K]) => Partial<WizardData[K]>),
    ) => {
      setData((d) => ({
        ...d,
        [key]: { ...(d[key] as object), ...(typeof patch === 'function' ? patch(d[key]) : patch) },
      }));
    },
    [],
  );
  const updateAddress = useCallback(
    (p: Partial<Address> | ((a: Address) => Partial<Address>)) => update('address', p),
    [update],
  );
  const waiting = !!storeId && !!shop && appliedFor !== storeId && saved.isFetching;
  return { data, setData, update, updateAddress, waiting };
}
