import { defineSignal } from '@temporalio/workflow';

/** Sent when the fragment's animation is rendered: the pipeline reads the fragment now instead of at its next poll. */
export const renderFinishedSignal = defineSignal('renderFinished');
