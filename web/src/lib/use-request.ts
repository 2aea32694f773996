import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { RequestError } from './graphql';
import { asRequestError } from './trpc';

export type RequestState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: RequestError }
  | { status: 'done'; data: T; error?: undefined };

/**
 * Runs `load` when the component mounts and whenever `key` changes; `reload()` runs it again. A failure
 * becomes a RequestError (server words and code, or a network message). `onError` sees every failure
 * first (the console sends UNAUTHENTICATED to the sign-in page).
 */
export function useRequest<T>(load: () => Promise<T>, key: string, onError?: (e: RequestError) => void): RequestState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ token: string; state: RequestState<T> } | null>(null);
  const token = `${attempt}:${key}`;
  const start = useEffectEvent(() => load());
  const fail = useEffectEvent((error: RequestError) => onError?.(error));
  useEffect(() => {
    let live = true;
    start().then(
      (data) => live && setSettled({ token, state: { status: 'done', data } }),
      (e: unknown) => {
        if (!live) return;
        const error = asRequestError(e);
        fail(error);
        setSettled({ token, state: { status: 'error', error } });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: RequestState<T> = settled?.token === token ? settled.state : { status: 'loading' };
  return { ...state, reload };
}

/** A mutation's state: `run(input)` resolves to the result, or to undefined with `error` set (shown in words). */
export function useAction<I, T>(action: (input: I) => Promise<T>, onError?: (e: RequestError) => void) {
  const [state, setState] = useState<{ pending: boolean; error?: RequestError; result?: T }>({ pending: false });
  const run = async (input: I): Promise<T | undefined> => {
    setState({ pending: true });
    try {
      const result = await action(input);
      setState({ pending: false, result });
      return result;
    } catch (e) {
      const error = asRequestError(e);
      onError?.(error);
      setState({ pending: false, error });
      return undefined;
    }
  };
  return { ...state, run };
}
