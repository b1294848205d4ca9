import { useActorRef } from '@xstate/react';
import { useAppActors } from '../../app/app-actors';
import { ReviewForm } from '../../components/catalogue/review-form';

/** Loaded lazily when the shopper opens the review form: the machine, wired in the composition root. */
export default function ReviewFormContainer({ productId }: { productId: string }) {
    const { machines } = useAppActors();
    const actor = useActorRef(machines.review, { input: { productId } });
    return <ReviewForm actor={actor} />;
}
