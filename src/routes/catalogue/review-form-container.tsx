import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { AppActorsGate, useAppActors } from '../../app/app-actors';
import { ReviewForm } from '../../components/catalogue/review-form';

function ReviewFormWithMachine({ productId }: { productId: string }) {
    const { machines } = useAppActors();
    const actor = useActorRef(machines.review, { input: { productId } });
    return <ReviewForm actor={actor} />;
}

/** Loaded lazily when the shopper opens the review form: the machine, wired in the composition root. */
export default function ReviewFormContainer({ productId }: { productId: string }) {
    const { t } = useLingui();
    return (
        <AppActorsGate fallback={<p role="status">{t`Loading…`}</p>}>
            <ReviewFormWithMachine productId={productId} />
        </AppActorsGate>
    );
}
